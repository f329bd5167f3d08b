import type { ComponentChildren } from 'preact';

export interface CardProps {
  title: string;
  /** A short line under the title (category, duration …). */
  meta?: string;
  children: ComponentChildren;
  footer?: ComponentChildren;
  /** The heading level that fits where the card sits in the page outline. */
  level?: 2 | 3 | 4;
}

export function Card({ title, meta, children, footer, level = 3 }: CardProps) {
  const Heading = `h${level}` as 'h2' | 'h3' | 'h4';
  return (
    <article class="card">
      <header>
        <Heading class="card__title">{title}</Heading>
        {meta && <p class="card__meta">{meta}</p>}
      </header>
      {children}
      {footer && <footer>{footer}</footer>}
    </article>
  );
}
