import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../ui/Alert';
import { ScoreChart } from '../components/ScoreChart';
import type { Result } from '../api';

/**
 * A finished test's result: the Holland code large, the six scores as a chart (and a table for
 * screen readers), what the three strongest types mean with fields of study and careers that
 * fit, and where to go next.
 */
export function ResultView({ result }: { result: Result }) {
  const { t } = useTranslation();
  const types = result.types ?? [];
  const top = types.slice(0, 3);
  return (
    <div class="board-result">
      <div class="board-code">
        <p class="muted">{t('directionBoard.result.codeLabel')}</p>
        <p class="board-code__value" data-code={result.code}>
          {result.code}
        </p>
        <ul>
          {top.map((ty) => (
            <li key={ty.type}>
              <strong>{ty.type}</strong> {ty.name}
            </li>
          ))}
        </ul>
        <p class="muted">{t('directionBoard.result.codeExplain')}</p>
      </div>

      {result.timedOut && <Alert variant="warning">{t('directionBoard.errors.timeUp')}</Alert>}
      {result.unanswered > 0 && (
        <Alert variant="info">
          <span class="board-unanswered">{t('directionBoard.result.unanswered', { count: result.unanswered })}</span>
        </Alert>
      )}

      <section aria-labelledby="board-scores-title">
        <h2 id="board-scores-title">{t('directionBoard.result.scoresTitle')}</h2>
        <ScoreChart id="board-chart" scores={types.map((ty) => ({ type: ty.type, name: ty.name, score: ty.score }))} />
      </section>

      <section aria-labelledby="board-top-title">
        <h2 id="board-top-title">{t('directionBoard.result.topTitle')}</h2>
        <div class="audiences">
          {top.map((ty) => (
            <article key={ty.type} class="card board-type">
              <header>
                <h3 class="card__title">
                  {ty.name} ({ty.type})
                </h3>
                <p class="card__meta">
                  {t('directionBoard.result.typeMeta', { short: ty.short, score: ty.score })}
                </p>
              </header>
              <p>{ty.description}</p>
              <h4>{t('directionBoard.result.traits')}</h4>
              <ul>
                {(ty.traits ?? []).map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
              <h4>{t('directionBoard.result.fields')}</h4>
              <ul>
                {(ty.fields ?? []).map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
              <h4>{t('directionBoard.result.careers')}</h4>
              <ul>
                {(ty.careers ?? []).map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="board-next-title" class="board-next">
        <h2 id="board-next-title">{t('directionBoard.result.nextTitle')}</h2>
        <p>{t('directionBoard.result.nextText')}</p>
        <p>
          <Link href={`/opportunities?holland=${encodeURIComponent(result.code)}`} class="button-link">
            {t('directionBoard.result.opportunities')}
          </Link>
        </p>
      </section>
    </div>
  );
}
