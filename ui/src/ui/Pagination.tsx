import { useTranslation } from 'react-i18next';

/** Page numbers to show: all of them when few, else the ends and the neighbours of the current one. */
export function pageWindow(page: number, total: number): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, page - 1, page, page + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null); // a gap
    out.push(p);
  });
  return out;
}

export interface PaginationProps {
  page: number;
  total: number;
  onChange: (page: number) => void;
}

export function Pagination({ page, total, onChange }: PaginationProps) {
  const { t } = useTranslation();
  return (
    <nav class="pagination" aria-label={t('ui.pagination.label')}>
      <ul>
        <li>
          <button
            type="button"
            class="secondary outline"
            aria-label={t('ui.pagination.previous')}
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
        </li>
        {pageWindow(page, total).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} class="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                class={p === page ? undefined : 'secondary outline'}
                aria-label={t('ui.pagination.page', { page: p })}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => onChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            class="secondary outline"
            aria-label={t('ui.pagination.next')}
            disabled={page >= total}
            onClick={() => onChange(page + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
