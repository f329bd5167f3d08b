import { useTranslation } from 'react-i18next';

export interface ChartScore {
  /** The type's letter (R, I, A, S, E, C). */
  type: string;
  /** Its name in the page's language. */
  name: string;
  /** 0–100. */
  score: number;
}

const ROW = 52;
const BAR = 14;

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

/**
 * The six interest scores as horizontal bars, drawn in SVG with the page's colours (text in
 * currentColor, bars in the theme's primary colour), so they read in light and dark. Lengths
 * are percentages of the width, so the text keeps its size on a phone. Screen readers get one
 * label for the picture and a table of the same numbers.
 */
export function ScoreChart({ id, scores }: { id: string; scores: ChartScore[] }) {
  const { t } = useTranslation();
  const items = scores.map((s) => t('directionBoard.result.chartItem', { name: s.name, type: s.type, score: clamp(s.score) }));
  return (
    <figure class="score-chart" id={id}>
      <svg
        width="100%"
        height={scores.length * ROW}
        role="img"
        aria-label={t('directionBoard.result.chartLabel', { scores: items.join(', ') })}
        focusable="false"
      >
        {scores.map((s, i) => {
          const y = i * ROW;
          return (
            <g key={s.type} data-type={s.type}>
              <text x="0" y={y + 18}>
                {s.name} ({s.type})
              </text>
              <text x="100%" y={y + 18} text-anchor="end">
                {clamp(s.score)}
              </text>
              <rect class="bar-track" x="0" y={y + 26} width="100%" height={BAR} rx="4" />
              <rect class="bar-fill" x="0" y={y + 26} width={`${clamp(s.score)}%`} height={BAR} rx="4" />
            </g>
          );
        })}
      </svg>
      <div class="visually-hidden">
        <table>
          <caption>{t('directionBoard.result.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('directionBoard.result.colType')}</th>
              <th scope="col">{t('directionBoard.result.colScore')}</th>
            </tr>
          </thead>
          <tbody>
            {scores.map((s) => (
              <tr key={s.type}>
                <th scope="row">
                  {s.name} ({s.type})
                </th>
                <td>{clamp(s.score)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
