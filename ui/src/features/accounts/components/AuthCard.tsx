import type { ComponentChildren } from 'preact';

/** The centred card the sign-in pages sit in. */
export function AuthCard({ title, lead, children }: { title: string; lead?: string; children: ComponentChildren }) {
  return (
    <article class="auth-card">
      <h1>{title}</h1>
      {lead && <p class="muted">{lead}</p>}
      {children}
    </article>
  );
}

/**
 * A catalog text with tagged parts, "I accept the <terms>Terms</terms>", rendered with a
 * function per tag.
 */
export function rich(text: string, tags: Record<string, (inner: string) => ComponentChildren>): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  const re = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push(text.slice(last, m.index));
    out.push(tags[m[1]] ? tags[m[1]](m[2]) : m[2]);
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}
