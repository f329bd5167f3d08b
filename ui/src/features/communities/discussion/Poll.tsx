// The poll of a post or topic: vote (or change the vote) until it closes, results as counts,
// percentages and CSS bars when the poll's rule lets this person see them; and the author's
// editor (attach, edit while nobody voted).
import type { TargetedEvent } from 'preact';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/formatTime';
import { loginUrl, onApiError, useSession } from '../../../lib/session';
import { closePoll, createPoll, getPostPoll, type PollRequest, type PollView, updatePoll, vote } from './api';

const K = 'discussion.poll';

/** The poll of post `postId` (nothing when it has none). `initial` skips the first load. */
export function Poll({ postId, initial }: { postId: number; initial?: PollView | null }) {
  const { t } = useTranslation();
  const session = useSession();
  const [poll, setPoll] = useState<PollView | null | undefined>(initial);
  const [choice, setChoice] = useState<number[]>(initial?.myChoices ?? []);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);

  useEffect(() => {
    if (initial !== undefined) return;
    getPostPoll(postId).then(
      (r) => {
        setPoll(r.poll ?? null);
        setChoice(r.poll?.myChoices ?? []);
      },
      (err: ApiError) => {
        onApiError(err);
        setPoll(null);
      },
    );
  }, [postId, initial]);

  if (!poll) return null;
  const id = `poll-${poll.id}`;
  const fail = (err: ApiError) => {
    onApiError(err);
    setError(err.errors?.optionIds ?? err.message);
    if (err.code === 'poll_closed') setPoll({ ...poll, closed: true, canVote: false });
  };
  const send = (e: TargetedEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    vote(poll.id, choice)
      .then((v) => {
        setPoll(v);
        setChoice(v.myChoices);
      }, fail)
      .finally(() => setBusy(false));
  };
  const toggle = (opt: number, on: boolean) =>
    setChoice((cur) => (poll.multiple ? (on ? [...cur.filter((x) => x !== opt), opt] : cur.filter((x) => x !== opt)) : [opt]));
  const voted = poll.myChoices.length > 0;
  const back = typeof window === 'undefined' ? '' : window.location.pathname;
  const rule = poll.multiple ? (poll.maxChoices ? t(`${K}.multipleMax`, { max: poll.maxChoices }) : t(`${K}.multiple`)) : t(`${K}.single`);

  return (
    <article class="poll" aria-labelledby={`${id}-q`}>
      <p>
        {t(`${K}.label`)}
        {poll.closed ? ` · ${t(`${K}.closed`)}` : poll.closesAt ? ` · ${t(`${K}.closes`, { date: formatDateTime(t, poll.closesAt) })}` : ''}
      </p>
      <h3 id={`${id}-q`}>{poll.question}</h3>
      {poll.canVote ? (
        <form onSubmit={send}>
          <fieldset aria-describedby={`${id}-rule${error ? ` ${id}-error` : ''}`} aria-invalid={error ? 'true' : undefined}>
            <legend class="visually-hidden">{poll.question}</legend>
            <p>
              <small id={`${id}-rule`}>{rule}</small>
            </p>
            {poll.options.map((o) => (
              <label key={o.id}>
                <input
                  type={poll.multiple ? 'checkbox' : 'radio'}
                  name={`${id}-choice`}
                  value={String(o.id)}
                  checked={choice.includes(o.id)}
                  onChange={(e) => toggle(o.id, e.currentTarget.checked)}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
          <button type="submit" aria-busy={busy ? 'true' : undefined}>
            {voted ? t(`${K}.changeVote`) : t(`${K}.vote`)}
          </button>
        </form>
      ) : (
        !poll.closed &&
        session.status === 'signedOut' && (
          <p>
            <a href={loginUrl(back)}>{t(`${K}.signIn`)}</a>
          </p>
        )
      )}
      {error && (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {voted && !poll.closed && <p role="status">{t(`${K}.voted`)}</p>}
      {poll.notice && !(poll.closed && error) && <p>{poll.notice}</p>}
      {poll.tally && (
        <div class="poll-results">
          {poll.tally.options.map((o) => (
            <div key={o.id} class="poll-result">
              <p>
                {poll.myChoices.includes(o.id) ? <strong>{o.label}</strong> : o.label}
                {poll.myChoices.includes(o.id) && <small> ({t(`${K}.yourChoice`)})</small>}
                <br />
                <small>
                  {o.percent}% · {t(`${K}.votes`, { count: o.votes })}
                </small>
              </p>
              {/* A bar in the theme's colours (the Direction Board's classes): a width attribute, no style. */}
              <svg class="poll-bar" width="100%" height="10" aria-hidden="true">
                <rect class="bar-track" width="100%" height="10" rx="5" />
                <rect class="bar-fill" width={`${o.percent}%`} height="10" rx="5" />
              </svg>
            </div>
          ))}
          <p>
            <small>{t(`${K}.voters`, { count: poll.tally.voters })}</small>
          </p>
        </div>
      )}
      {poll.canClose &&
        (confirmClose ? (
          <p role="group" aria-label={t(`${K}.closeConfirm`)}>
            {t(`${K}.closeConfirm`)}{' '}
            <button type="button" class="contrast" onClick={() => closePoll(poll.id).then(setPoll, fail)}>
              {t(`${K}.close`)}
            </button>{' '}
            <button type="button" class="secondary outline" onClick={() => setConfirmClose(false)}>
              {t('discussion.comments.cancel')}
            </button>
          </p>
        ) : (
          <button type="button" class="secondary outline" onClick={() => setConfirmClose(true)}>
            {t(`${K}.close`)}
          </button>
        ))}
    </article>
  );
}

const E = `${K}.editor`;
const modes = ['always', 'after_vote', 'after_close'] as const;

/** The datetime-local value of an instant, in the browser's time zone. */
const localInput = (iso?: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** Attach a poll to post `postId`, or edit it while nobody has voted. */
export function PollEditor({ postId, onSaved }: { postId: number; onSaved?: (p: PollView) => void }) {
  const { t } = useTranslation();
  const [poll, setPoll] = useState<PollView | null | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [multiple, setMultiple] = useState(false);
  const [max, setMax] = useState('0');
  const [closes, setCloses] = useState('');
  const [results, setResults] = useState<(typeof modes)[number]>('always');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const fill = (p: PollView | null) => {
    setPoll(p);
    if (!p) return;
    setQuestion(p.question);
    setOptions(p.options.map((o) => o.label));
    setMultiple(p.multiple);
    setMax(String(p.maxChoices));
    setCloses(localInput(p.closesAt));
    setResults(p.results);
  };
  useEffect(() => {
    getPostPoll(postId).then((r) => fill(r.poll ?? null), () => fill(null));
  }, [postId]);

  if (poll === undefined) return null;
  if (poll && !poll.canEdit) {
    return (
      <section class="poll-editor">
        <h3>{t(`${E}.title`)}</h3>
        <p>{poll.question}</p>
        <p class="discussion-note">{t(`${E}.locked`)}</p>
      </section>
    );
  }
  if (!poll && !open) {
    return (
      <button type="button" class="secondary outline" onClick={() => setOpen(true)}>
        {t(`${E}.add`)}
      </button>
    );
  }
  const save = (e: TargetedEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage('');
    const when = closes ? new Date(closes) : null;
    const req: PollRequest = {
      postId,
      question,
      options,
      multiple,
      maxChoices: multiple ? Number(max) || 0 : 0,
      closesAt: when && !Number.isNaN(when.getTime()) ? when.toISOString().replace(/\.\d{3}Z$/, 'Z') : '',
      results,
    };
    (poll ? updatePoll(poll.id, req) : createPoll(req))
      .then((p) => {
        fill(p);
        setMessage(t(`${E}.saved`));
        onSaved?.(p);
      })
      .catch((err: ApiError) => {
        onApiError(err);
        if (err.errors) setErrors(err.errors);
        else setMessage(err.message);
      })
      .finally(() => setBusy(false));
  };
  const err = (name: string) => errors[name];
  const field = (name: string) => ({ 'aria-invalid': err(name) ? ('true' as const) : undefined, 'aria-describedby': err(name) ? `pe-${name}-e` : undefined });
  const msg = (name: string) =>
    err(name) && (
      <small id={`pe-${name}-e`} class="field-error">
        {err(name)}
      </small>
    );
  return (
    <form class="poll-editor" onSubmit={save}>
      <h3>{t(`${E}.title`)}</h3>
      <label for="pe-question">{t(`${E}.question`)}</label>
      <input id="pe-question" name="question" maxLength={300} value={question} onInput={(e) => setQuestion(e.currentTarget.value)} {...field('question')} />
      {msg('question')}
      <fieldset {...field('options')}>
        <legend>{t(`${E}.options`)}</legend>
        {options.map((o, i) => (
          <div key={i} class="poll-editor-option">
            <label for={`pe-opt-${i}`} class="visually-hidden">
              {t(`${E}.option`, { n: i + 1 })}
            </label>
            <input
              id={`pe-opt-${i}`}
              placeholder={t(`${E}.option`, { n: i + 1 })}
              maxLength={120}
              value={o}
              onInput={(e) => {
                const v = e.currentTarget.value;
                setOptions((list) => list.map((x, j) => (j === i ? v : x)));
              }}
              {...field(`options.${i}`)}
            />
            {options.length > 2 && (
              <button type="button" class="secondary outline" aria-label={t(`${E}.removeOption`, { n: i + 1 })} onClick={() => setOptions((list) => list.filter((_, j) => j !== i))}>
                ×
              </button>
            )}
            {msg(`options.${i}`)}
          </div>
        ))}
        {options.length < 10 && (
          <button type="button" class="secondary outline" onClick={() => setOptions((list) => [...list, ''])}>
            {t(`${E}.addOption`)}
          </button>
        )}
        {msg('options')}
      </fieldset>
      <label>
        <input type="checkbox" role="switch" checked={multiple} onChange={(e) => setMultiple(e.currentTarget.checked)} />
        {t(`${E}.multiple`)}
      </label>
      {multiple && (
        <>
          <label for="pe-max">{t(`${E}.maxChoices`)}</label>
          <input id="pe-max" type="number" min="0" max={String(options.length)} value={max} onInput={(e) => setMax(e.currentTarget.value)} {...field('maxChoices')} />
          {msg('maxChoices')}
        </>
      )}
      <label for="pe-closes">{t(`${E}.closesAt`)}</label>
      <input id="pe-closes" type="datetime-local" value={closes} onInput={(e) => setCloses(e.currentTarget.value)} {...field('closesAt')} />
      {msg('closesAt')}
      <fieldset>
        <legend>{t(`${E}.results`)}</legend>
        {modes.map((m) => (
          <label key={m}>
            <input type="radio" name="pe-results" value={m} checked={results === m} onChange={() => setResults(m)} />
            {t(`${E}.results_${m}`)}
          </label>
        ))}
      </fieldset>
      <button type="submit" aria-busy={busy ? 'true' : undefined}>
        {t(`${E}.save`)}
      </button>
      {message && <p role="status">{message}</p>}
    </form>
  );
}
