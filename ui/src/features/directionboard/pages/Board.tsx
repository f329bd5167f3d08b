// The Direction Board career test (Чиглэлийн самбар): the introduction and the questions at
// /direction-board, the visitor's result, a shared result and the "email sent" page. One chunk,
// loaded only on these pages.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import type { ApiError } from '../../../lib/api';
import type { Lang } from '../../../lib/i18n';
import { answeredCount } from '../answers';
import { type Attempt, boardApi, type Test } from '../api';
import { introContent } from '../content';
import { offsetOf, useMinutesLeft } from '../hooks';
import { PastResults } from './PastResults';
import { PrivacyNote } from './Note';
import { RESULT_PATH } from '../paths';
import { Questions } from './Questions';

export { BoardResult, BoardSent, SharedResult } from './Results';

function InProgress({ test, attempt, offset, onContinue, busy }: { test: Test; attempt: Attempt; offset: number; onContinue: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const minutes = useMinutesLeft(attempt.deadlineAt, offset);
  return (
    <div class="board-resume">
      <p>
        {t('directionBoard.intro.inProgress', { answered: answeredCount(test.items ?? [], attempt.answers ?? {}), total: test.items?.length ?? 0 })}{' '}
        {minutes ? t('directionBoard.test.minutesLeft', { count: minutes }) : ''}
      </p>
      <p class="button-row">
        <Button onClick={onContinue} aria-busy={busy ? 'true' : undefined} disabled={busy}>
          {t('directionBoard.intro.continue')}
        </Button>
      </p>
    </div>
  );
}

/** /direction-board: what the test is, then Start (or Continue, or the last result), then the questions. */
export function DirectionBoard() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const content = introContent[lang] ?? introContent.en;
  const [test, setTest] = useState<Test | null>(null);
  const [offset, setOffset] = useState(0);
  const [taking, setTaking] = useState<Attempt | null>(null);
  const [loadError, setLoadError] = useState('');
  const [startError, setStartError] = useState('');
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    boardApi.test().then(
      (data) => {
        if (!live) return;
        setTest(data);
        if (data.attempt) setOffset(offsetOf(data.attempt.now));
      },
      (err: ApiError) => live && setLoadError(err?.message ?? t('errors.generic')),
    );
    return () => {
      live = false;
    };
  }, [reload, t]);

  /** Starts a new attempt, or gets the unfinished one back from the server (with its answers). */
  const start = async () => {
    if (busy) return;
    setBusy(true);
    setStartError('');
    try {
      const attempt = await boardApi.start();
      setOffset(offsetOf(attempt.now));
      setTaking(attempt);
      window.scrollTo(0, 0);
    } catch (err) {
      setStartError((err as ApiError)?.message ?? t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  const title = test?.title ?? content.title;
  if (test && taking) {
    return (
      <>
        <h1 class="board-title">{title}</h1>
        <Questions test={test} attempt={taking} offset={offset} />
        <PrivacyNote />
      </>
    );
  }

  const attempt = test?.attempt;
  const instructions = test?.instructions ?? content.instructions;
  const minutes = test ? Math.max(1, Math.ceil(test.timeLimitSeconds / 60)) : 0;
  return (
    <>
      <section class="board-intro" aria-labelledby="board-title">
        <p class="muted">{t('directionBoard.kicker')}</p>
        <h1 id="board-title" class="board-title">
          {title}
        </h1>
        <p class="board-lead">{test?.intro ?? content.intro}</p>
        <h2>{t('directionBoard.intro.howTitle')}</h2>
        <ol class="board-instructions">
          {instructions.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        {test && <p class="board-limit">{t('directionBoard.intro.timeLimit', { count: minutes })}</p>}
        <PrivacyNote />
      </section>
      <section class="board-actions" aria-labelledby="board-actions-title">
        <h2 id="board-actions-title" class="visually-hidden">
          {t('directionBoard.intro.actionsTitle')}
        </h2>
        <div role="alert">{startError && <Alert variant="error">{startError}</Alert>}</div>
        {loadError ? (
          <>
            <Alert variant="error">{loadError}</Alert>
            <p>
              <Button
                variant="secondary"
                onClick={() => {
                  setLoadError('');
                  setReload((n) => n + 1);
                }}
              >
                {t('directionBoard.intro.retry')}
              </Button>
            </p>
          </>
        ) : !test ? (
          <p aria-busy="true">{t('directionBoard.intro.loading')}</p>
        ) : attempt && !attempt.finished ? (
          <InProgress test={test} attempt={attempt} offset={offset} onContinue={() => void start()} busy={busy} />
        ) : attempt?.finished ? (
          <div class="board-resume">
            <p>{t('directionBoard.intro.finished')}</p>
            <p class="button-row">
              <Link href={RESULT_PATH} class="button-link">
                {t('directionBoard.intro.seeResult')}
              </Link>
              <Button variant="outline" onClick={() => void start()} aria-busy={busy ? 'true' : undefined} disabled={busy}>
                {t('directionBoard.intro.again')}
              </Button>
            </p>
          </div>
        ) : (
          <p class="button-row">
            <Button onClick={() => void start()} aria-busy={busy ? 'true' : undefined} disabled={busy}>
              {t('directionBoard.intro.start')}
            </Button>
          </p>
        )}
      </section>
      <PastResults />
    </>
  );
}
