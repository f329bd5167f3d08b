// Pieces the public pages share: the page intro, text sections, the support email (from
// /api/meta when the server says), the mobile-app link and the contact card.
import type { ComponentChildren } from 'preact';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useMeta } from '../../../lib/meta';
import { hasRoute } from '../../../app/routes';
import { DEFAULT_SUPPORT_EMAIL } from '../data';

/** The page's h1 and lead. */
export function PageIntro({ title, lead, children }: { title: string; lead?: string; children?: ComponentChildren }) {
  return (
    <header class="page-intro">
      <h1>{title}</h1>
      {lead && <p class="lead">{lead}</p>}
      {children}
    </header>
  );
}

/** A section with an h2 that names it. */
export function Section({ id, title, children, class: cls }: { id: string; title: string; children: ComponentChildren; class?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-h`} class={cls}>
      <h2 id={`${id}-h`}>{title}</h2>
      {children}
    </section>
  );
}

/** Text sections from the catalog: `${prefix}.${id}.heading` and `.body` for each id. */
export function TextSections({ prefix, ids }: { prefix: string; ids: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div class="text-sections">
      {ids.map((id) => (
        <Section key={id} id={id} title={t(`${prefix}.${id}.heading`)}>
          <p>{t(`${prefix}.${id}.body`)}</p>
        </Section>
      ))}
    </div>
  );
}

export { type Meta, useMeta } from '../../../lib/meta';

export const useSupportEmail = (): string => useMeta()?.supportEmail || DEFAULT_SUPPORT_EMAIL;

export function EmailLink({ email, subject }: { email: string; subject?: string }) {
  const href = `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  return <a href={href}>{email}</a>;
}

/** A link inside the site when the page exists, else to the "coming soon" page. */
export const hrefOr = (path: string, fallback = '/coming-soon') => (hasRoute(path) ? path : fallback);

/**
 * "Get the mobile app": the app store links when the server is configured with them, else
 * the support centre's note about the app (nothing links to another host by default).
 */
export function GetApp({ label, class: cls }: { label: string; class?: string }) {
  const { t } = useTranslation();
  const m = useMeta();
  const stores = [
    m?.appStoreUrl && { href: m.appStoreUrl, label: t('pages.supportCenter.mobileApp.appStore') },
    m?.playStoreUrl && { href: m.playStoreUrl, label: t('pages.supportCenter.mobileApp.playStore') },
  ].filter(Boolean) as { href: string; label: string }[];
  if (stores.length === 1) {
    return (
      <a href={stores[0].href} class={cls} rel="external noopener">
        {label}
      </a>
    );
  }
  return (
    <Link href="/support-center#mobile-app" class={cls}>
      {label}
    </Link>
  );
}
