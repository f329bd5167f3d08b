import type { ComponentChildren } from 'preact';

/** What a list shows when it has nothing yet: what is missing and what to do about it. */
export function EmptyState({ title, children, action, level = 3 }: { title: string; children: ComponentChildren; action?: ComponentChildren; level?: 2 | 3 }) {
  const Heading = `h${level}` as 'h2' | 'h3';
  return (
    <div class="empty-state">
      <svg class="empty-state__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <rect x="6" y="12" width="36" height="28" rx="4" fill="none" stroke="currentColor" stroke-width="2.5" />
        <path d="M6 22h12l3 4h6l3-4h12" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round" />
      </svg>
      <Heading class="empty-state__title">{title}</Heading>
      <p>{children}</p>
      {action}
    </div>
  );
}
