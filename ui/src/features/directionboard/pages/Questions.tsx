import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { answeredCount, createSaver, firstUnanswered, type SaveState } from '../answers';
import { type Answers, type Attempt, answersUrl, boardApi, type Test } from '../api';
import { offsetOf, useMinutesLeft } from '../hooks';
import { RESULT_PATH } from '../paths';
import { crossedThreshold } from '../timer';

const timer = {
  set: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The questions, one per screen: the statement is the legend of a native radio group (arrow
 * keys move between the five answers), Previous and Next move between statements, and every
 * choice is saved on the server a moment later. Minutes left are always on screen; screen
 * readers hear them only at 10, 5 and 1 minutes.
 */
export function Questions({ test, attempt, offset: startOffset }: { test: Test; attempt: Attempt; offset: number }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const items = test.items ?? [];
  const total = items.length;
  const [answers, setAnswers] = useState<Answers>(() => ({ ...attempt.answers }));
  const [index, setIndex] = useState(() => {
    const first = firstUnanswered(items, attempt.answers ?? {});
    return first < 0 ? total - 1 : first;
  });
  const [focusTick, setFocusTick] = useState(0);
  const [message, setMessage] = useState('');
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [confirming, setConfirming] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Measured again on every save: a computer's clock may jump while the test runs.
  const [offset, setOffset] = useState(startOffset);
  const ending = useRef(false);
  const fieldset = useRef<HTMLFieldSetElement>(null);

  const toResult = () => navigate(RESULT_PATH);

  // What the saver does when the server closes the attempt, kept current for it (the saver
  // lives as long as the attempt; set after rendering, not during it).
  const onClosed = useRef<(err: ApiError) => void>(undefined);
  useLayoutEffect(() => {
    onClosed.current = (err) => (err.code === 'time_up' ? void timeUp() : toResult());
  });
  const saver = useMemo(
    () =>
      createSaver({
        send: (batch) => boardApi.save(attempt.id, batch).then((a) => setOffset(offsetOf(a.now))),
        timer,
        onState: setSaveState,
        onClosed: (err) => onClosed.current?.(err),
      }),
    [attempt.id],
  );

  /** Time is over (this page's timer, or the server said so): finish with what was answered. */
  async function timeUp() {
    if (ending.current) return;
    ending.current = true;
    setConfirming(false);
    setMessage('');
    setTimedOut(true);
    setFinishing(true);
    await saver.flush();
    saver.stop();
    // The server decides: if its clock says a moment is left, it asks for answers; wait and ask again.
    for (let tries = 0; tries < 8; tries++) {
      try {
        await boardApi.finish(attempt.id, true);
        break;
      } catch (err) {
        if ((err as ApiError)?.status === 409) break; // finished already
        await sleep(1500);
      }
    }
    toast.warning(t('directionBoard.errors.timeUp'));
    toResult();
  }

  const minutes = useMinutesLeft(attempt.deadlineAt, offset, () => void timeUp());

  // Screen readers hear the time only when it crosses 10, 5 and 1 minutes.
  const lastMinutes = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (minutes === undefined) return;
    const hit = crossedThreshold(lastMinutes.current, minutes);
    lastMinutes.current = minutes;
    if (hit) setAnnouncement(t('directionBoard.test.minutesLeft', { count: hit }));
  }, [minutes, t]);

  // Nothing is lost when the tab is hidden or closed: send what is queued (keepalive outlives the page).
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    const onPageHide = () => {
      const unsaved = saver.unsaved();
      if (!Object.keys(unsaved).length) return;
      void fetch(answersUrl(attempt.id), {
        method: 'PUT',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': i18n.language },
        body: JSON.stringify({ answers: unsaved }),
      }).catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      void saver.flush().finally(() => saver.stop());
    };
  }, [saver, attempt.id, i18n]); // i18n is one object for the app's life: its language is read when the page hides

  // The question's answer (the chosen one, else the first) has focus on every move.
  useEffect(() => {
    const radios = fieldset.current?.querySelectorAll<HTMLInputElement>('input[type=radio]');
    if (!radios?.length) return;
    ([...radios].find((r) => r.checked) ?? radios[0]).focus();
  }, [index, focusTick]);

  const item = items[index];
  const answered = answeredCount(items, answers);

  const choose = (value: number) => {
    setAnswers((a) => ({ ...a, [item.id]: value }));
    saver.set(item.id, value);
    if (message) setMessage('');
  };

  const go = (i: number) => {
    setIndex(Math.max(0, Math.min(total - 1, i)));
    setFocusTick((n) => n + 1);
  };

  const showUnanswered = (i: number) => {
    setMessage(t('directionBoard.errors.unanswered'));
    go(i);
  };

  const onFinish = () => {
    if (ending.current) return;
    const first = firstUnanswered(items, answers);
    if (first >= 0) showUnanswered(first);
    else setConfirming(true);
  };

  const finishNow = async () => {
    setConfirming(false);
    if (ending.current) return;
    setFinishing(true);
    try {
      if (!(await saver.flush())) {
        if (ending.current) return;
        setMessage(t('directionBoard.test.saveFailedFinish'));
        return;
      }
      await boardApi.finish(attempt.id, true);
      ending.current = true;
      saver.stop();
      toResult();
    } catch (e) {
      const err = e as ApiError;
      if (err?.code === 'unanswered') {
        const id = Object.keys(err.errors ?? {})[0];
        const i = items.findIndex((it) => it.id === id);
        showUnanswered(i >= 0 ? i : Math.max(0, firstUnanswered(items, answers)));
      } else if (err?.status === 409) {
        toResult();
      } else {
        setMessage(err?.message ?? t('errors.generic'));
      }
    } finally {
      if (!ending.current) setFinishing(false);
    }
  };

  const left = minutes === undefined ? '' : t('directionBoard.test.minutesLeft', { count: Math.max(minutes, 1) });

  return (
    <section class="board-test" aria-labelledby="board-test-title">
      <h2 id="board-test-title" class="visually-hidden">
        {t('directionBoard.test.title')}
      </h2>
      <div class="board-bar">
        <p class="board-bar__progress" id="board-progress">
          {t('directionBoard.test.progress', { current: index + 1, total })}
        </p>
        <p class="board-bar__time">{timedOut ? t('directionBoard.test.timeUpShort') : left}</p>
        <progress
          class="board-bar__meter"
          value={answered}
          max={total}
          aria-label={t('directionBoard.test.answered', { count: answered, total })}
        />
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <div role="alert" class="board-test__alert">
        {timedOut && <Alert variant="warning">{t('directionBoard.errors.timeUp')}</Alert>}
        {message && <Alert variant="error">{message}</Alert>}
      </div>
      <fieldset key={item.id} ref={fieldset} class="board-question" aria-describedby="board-progress" disabled={timedOut}>
        <legend class="board-question__statement">{item.text}</legend>
        <div class="board-scale">
          {(test.scale ?? []).map((p) => (
            <label key={p.value} class="board-scale__option" for={`q-${item.id}-${p.value}`}>
              <input
                id={`q-${item.id}-${p.value}`}
                type="radio"
                name={`q-${item.id}`}
                value={String(p.value)}
                checked={answers[item.id] === p.value}
                onChange={() => choose(p.value)}
              />
              {p.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div class="button-row board-nav">
        <Button variant="secondary" onClick={() => go(index - 1)} disabled={index === 0 || timedOut}>
          {t('directionBoard.test.previous')}
        </Button>
        {index < total - 1 && (
          <Button onClick={() => go(index + 1)} disabled={timedOut}>
            {t('directionBoard.test.next')}
          </Button>
        )}
        <Button
          variant={index < total - 1 ? 'outline' : 'primary'}
          class="board-nav__finish"
          onClick={onFinish}
          aria-busy={finishing ? 'true' : undefined}
          disabled={finishing}
        >
          {finishing ? t('directionBoard.test.finishing') : t('directionBoard.test.finish')}
        </Button>
      </div>
      <div class="muted" role="status">
        {saveState === 'retrying' ? t('directionBoard.test.saveFailed') : ''}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        id="board-confirm"
        title={t('directionBoard.test.confirmTitle')}
        footer={
          <div class="button-row">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('directionBoard.test.confirmCancel')}
            </Button>
            <Button onClick={() => void finishNow()}>{t('directionBoard.test.confirmFinish')}</Button>
          </div>
        }
      >
        <p>
          <strong>{left}</strong>
        </p>
        <p>{t('directionBoard.test.confirmText')}</p>
      </Dialog>
    </section>
  );
}
