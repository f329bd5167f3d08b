import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Alert } from '../../../ui/Alert';
import { EmptyState } from '../../../ui/EmptyState';
import type { ApiError } from '../../../lib/api';
import { boardApi, type Result } from '../api';
import { EmailForm } from './EmailForm';
import { PrivacyNote } from './Note';
import { PastResults } from './PastResults';
import { BOARD_PATH, RESULT_PATH, sharedPath } from '../paths';
import { ResultView } from './ResultView';

type Loaded =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'none' }
  | { state: 'unfinished' }
  | { state: 'ready'; attemptId: string; result: Result };

/** The visitor's own attempt and, when it is finished, its result. */
function useOwnResult(): Loaded {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    (async () => {
      const { attempt } = await boardApi.test();
      if (!attempt) return { state: 'none' } as const;
      if (!attempt.finished) return { state: 'unfinished' } as const;
      return { state: 'ready', attemptId: attempt.id, result: await boardApi.result(attempt.id) } as const;
    })().then(
      (next) => live && setLoaded(next),
      (err: ApiError) => live && setLoaded({ state: 'error', message: err?.message ?? t('errors.generic') }),
    );
    return () => {
      live = false;
    };
  }, [t]);
  return loaded;
}

function Loading({ text }: { text: string }) {
  return <p aria-busy="true">{text}</p>;
}

function TakeTest({ title, text, action }: { title: string; text: string; action: string }) {
  return (
    <EmptyState
      level={2}
      title={title}
      action={
        <Link href={BOARD_PATH} class="button-link">
          {action}
        </Link>
      }
    >
      {text}
    </EmptyState>
  );
}

function Page({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <div class="board-page">
      <h1 class="board-title">{title}</h1>
      {children}
    </div>
  );
}

/** /direction-board/result: the visitor's latest result, the email form and earlier results. */
export function BoardResult() {
  const { t } = useTranslation();
  const loaded = useOwnResult();
  let body: ComponentChildren;
  switch (loaded.state) {
    case 'loading':
      body = <Loading text={t('directionBoard.result.loading')} />;
      break;
    case 'error':
      body = <Alert variant="error">{loaded.message}</Alert>;
      break;
    case 'none':
      body = (
        <TakeTest
          title={t('directionBoard.result.none.title')}
          text={t('directionBoard.result.none.text')}
          action={t('directionBoard.result.none.action')}
        />
      );
      break;
    case 'unfinished':
      body = (
        <TakeTest
          title={t('directionBoard.result.unfinished.title')}
          text={t('directionBoard.errors.notFinished')}
          action={t('directionBoard.result.unfinished.action')}
        />
      );
      break;
    case 'ready':
      body = (
        <>
          <ResultView result={loaded.result} />
          <PrivacyNote />
          <p class="board-permalink">
            <Link href={sharedPath(loaded.result.resultToken)}>{t('directionBoard.result.permalink')}</Link>
          </p>
          <EmailForm attemptId={loaded.attemptId} />
          <p class="button-row">
            <Link href={BOARD_PATH} class="button-link button-link--outline">
              {t('directionBoard.result.again')}
            </Link>
          </p>
          <PastResults exclude={loaded.result.resultToken} />
        </>
      );
      break;
  }
  return <Page title={t('directionBoard.pages.result.title')}>{body}</Page>;
}

/** /direction-board/results/:token — the link of the email, which anyone holding it may open. */
export function SharedResult() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const token = decodeURIComponent(location.split('/').pop() ?? '');
  // What came for which token: another token's answer is still loading for this one.
  const [answer, setAnswer] = useState<{ token: string; loaded: Loaded } | null>(null);
  const loaded: Loaded = answer?.token === token ? answer.loaded : { state: 'loading' };
  useEffect(() => {
    let live = true;
    const set = (l: Loaded) => live && setAnswer({ token, loaded: l });
    boardApi.shared(token).then(
      (result) => set({ state: 'ready', attemptId: '', result }),
      (err: ApiError) => set(err?.status === 404 ? { state: 'none' } : { state: 'error', message: err?.message ?? t('errors.generic') }),
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  let body: ComponentChildren;
  switch (loaded.state) {
    case 'ready':
      body = (
        <>
          <ResultView result={loaded.result} />
          <PrivacyNote />
          <p class="button-row">
            <Link href={BOARD_PATH} class="button-link button-link--outline">
              {t('directionBoard.result.takeIt')}
            </Link>
          </p>
        </>
      );
      break;
    case 'error':
      body = <Alert variant="error">{loaded.message}</Alert>;
      break;
    case 'none':
    case 'unfinished':
      body = (
        <TakeTest
          title={t('directionBoard.result.notFound.title')}
          text={t('directionBoard.result.notFound.text')}
          action={t('directionBoard.result.takeIt')}
        />
      );
      break;
    default:
      body = <Loading text={t('directionBoard.result.loading')} />;
  }
  return <Page title={t('directionBoard.pages.shared.title')}>{body}</Page>;
}

/** /direction-board/sent: the email is on its way. */
export function BoardSent() {
  const { t } = useTranslation();
  const loaded = useOwnResult();
  if (loaded.state === 'loading') {
    return (
      <Page title={t('directionBoard.pages.sent.title')}>
        <Loading text={t('directionBoard.result.loading')} />
      </Page>
    );
  }
  const sent = loaded.state === 'ready' && loaded.result.emailed;
  return (
    <Page title={t('directionBoard.pages.sent.title')}>
      {sent ? (
        <>
          <Alert variant="success">{t('directionBoard.email.sent')}</Alert>
          <p>{t('directionBoard.email.sentText')}</p>
        </>
      ) : loaded.state === 'error' ? (
        <Alert variant="error">{loaded.message}</Alert>
      ) : (
        <p>{t('directionBoard.email.notSent')}</p>
      )}
      <p>
        <Link href={RESULT_PATH} class="button-link">
          {t('directionBoard.email.back')}
        </Link>
      </p>
    </Page>
  );
}
