// Comments on a post, or replies in a topic: latest or oldest first, "load more", one level of
// replies, edit and delete one's own, moderators remove with a reason. The server decides what
// each person may see and do (canComment, canModerate, mine, canReply).
import type { TargetedEvent } from 'preact';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/formatTime';
import { loginUrl, onApiError, useSession } from '../../../lib/session';
import { ReportButton } from '../moderation/ReportButton';
import {
  type Comment,
  type CommentPage,
  createComment,
  deleteComment,
  editComment,
  listComments,
  listReplies,
  removeComment,
  type Sort,
} from './api';

const K = 'discussion.comments';
const MAX = 5000;

/** The comments of post `postId`. `locked` hides the composer before the list says so. */
export function Comments({ postId, locked }: { postId: number; locked?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const [sort, setSort] = useState<Sort>('latest');
  const [page, setPage] = useState<CommentPage | null>(null);
  const [items, setItems] = useState<Comment[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (after = '') =>
      listComments(postId, sort, after)
        .then((p) => {
          setPage(p);
          setItems((prev) => (after ? [...prev, ...p.items.filter((c) => !prev.some((x) => x.id === c.id))] : p.items));
          setError('');
        })
        .catch((err: ApiError) => {
          onApiError(err);
          setError(err.message);
        })
        .finally(() => setBusy(false)),
    [postId, sort],
  );
  useEffect(() => {
    load();
  }, [load]);

  const replace = (c: Comment) => setItems((list) => list.map((x) => (x.id === c.id ? c : x)));
  const drop = (id: number) => setItems((list) => list.filter((x) => x.id !== id));
  const added = (c: Comment) => {
    setItems((list) => (sort === 'latest' ? [c, ...list] : page?.next ? list : [...list, c]));
    setPage((p) => (p ? { ...p, total: p.total + 1 } : p));
  };

  const closed = locked || page?.locked;
  const back = typeof window === 'undefined' ? '' : window.location.pathname;
  return (
    <section class="discussion" aria-labelledby={`comments-h-${postId}`}>
      <header>
        <h2 id={`comments-h-${postId}`}>{page ? t(`${K}.titleCount`, { count: page.total }) : t(`${K}.title`)}</h2>
        <label>
          {t(`${K}.sort`)}{' '}
          <select value={sort} onChange={(e) => setSort(e.currentTarget.value as Sort)}>
            <option value="latest">{t(`${K}.latest`)}</option>
            <option value="oldest">{t(`${K}.oldest`)}</option>
          </select>
        </label>
      </header>
      {closed ? (
        <p class="muted">{t(`${K}.locked`)}</p>
      ) : page?.canComment ? (
        <>
          {page.slowMode > 0 && <p class="muted">{t(`${K}.slowMode`, { minutes: page.slowMode })}</p>}
          <Composer id={`c-new-${postId}`} label={t(`${K}.write`)} submit={t(`${K}.send`)} onSend={(body) => createComment(postId, body).then(added)} />
        </>
      ) : session.status === 'signedOut' ? (
        <p class="muted">
          <a href={loginUrl(back)}>{t(`${K}.signIn`)}</a>
        </p>
      ) : page && session.status === 'signedIn' ? (
        <p class="muted">{t(`${K}.join`)}</p>
      ) : null}
      {error && (
        <p role="alert">
          {error}
        </p>
      )}
      {page && items.length === 0 && !error && <p class="muted">{t(`${K}.empty`)}</p>}
      <div class="comment-list">
        {items.map((c) => (
          <CommentItem key={c.id} c={c} moderate={!!page?.canModerate} locked={!!closed} onChange={replace} onDrop={drop} />
        ))}
      </div>
      {page?.next && (
        <button type="button" class="secondary outline" aria-busy={busy ? 'true' : undefined} onClick={() => {
            setBusy(true);
            load(page.next);
          }}>
          {t(`${K}.loadMore`)}
        </button>
      )}
    </section>
  );
}

/** A textarea and its button; the server's message on the body field shows under it. */
function Composer({
  id,
  label,
  submit,
  initial = '',
  onSend,
  onCancel,
}: {
  id: string;
  label: string;
  submit: string;
  initial?: string;
  onSend: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = (e: TargetedEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!body.trim()) {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    setError('');
    onSend(body.trim())
      .then(() => setBody(''))
      .catch((err: ApiError) => {
        onApiError(err);
        setError(err.errors?.body ?? err.errors?.parentId ?? err.message);
      })
      .finally(() => setBusy(false));
  };
  return (
    <form class="comment-form" onSubmit={send}>
      <label for={id}>{label}</label>
      <textarea
        id={id}
        name="body"
        rows={3}
        maxLength={MAX}
        value={body}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onInput={(e) => setBody(e.currentTarget.value)}
      />
      <small id={`${id}-hint`}>{t(`${K}.hint`)}</small>
      {error && (
        <small id={`${id}-error`} class="field__error" role="alert">
          {error}
        </small>
      )}
      <div class="comment-form-actions">
        <button type="submit" aria-busy={busy ? 'true' : undefined}>
          {submit}
        </button>
        {onCancel && (
          <button type="button" class="secondary outline" onClick={onCancel}>
            {t(`${K}.cancel`)}
          </button>
        )}
      </div>
    </form>
  );
}

function CommentItem({
  c,
  moderate,
  locked,
  onChange,
  onDrop,
}: {
  c: Comment;
  moderate: boolean;
  locked: boolean;
  onChange: (c: Comment) => void;
  onDrop: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'' | 'edit' | 'reply' | 'delete' | 'remove'>('');
  const [replies, setReplies] = useState<Comment[] | null>(null);
  const [next, setNext] = useState('');
  const [error, setError] = useState('');

  const fail = (err: ApiError) => {
    onApiError(err);
    setError(err.message);
  };
  const loadReplies = (after = '') =>
    listReplies(c.id, after).then((p) => {
      setReplies((prev) => (after && prev ? [...prev, ...p.items] : p.items));
      setNext(p.next);
    }, fail);

  const remove = () =>
    deleteComment(c.id).then(() => {
      if (c.replyCount > 0) onChange({ ...c, status: 'deleted', author: null, bodyHtml: '', body: undefined, mine: false, canReply: false });
      else onDrop(c.id);
    }, fail);

  const name = c.author?.name ?? '';
  return (
    <div class={`comment comment-${c.status}`} id={`comment-${c.id}`}>
      <article aria-label={name || t(`${K}.deleted`)}>
        {c.author && (
          <header class="comment-meta">
            <strong>{name}</strong>
            {c.author.handle && <span class="muted">@{c.author.handle}</span>}
            <time class="muted" dateTime={c.createdAt}>
              {formatDateTime(t, c.createdAt)}
            </time>
            {c.editedAt && <span class="muted">({t(`${K}.edited`)})</span>}
          </header>
        )}
        {c.status === 'deleted' ? (
          <p class="muted">{t(`${K}.deleted`)}</p>
        ) : c.status === 'removed' ? (
          <p class="muted">{c.reason ? t(`${K}.removed`, { reason: c.reason }) : t(`${K}.removedNoReason`)}</p>
        ) : c.status === 'hidden' ? (
          <p class="muted">{t(`${K}.hidden`)}</p>
        ) : null}
        {mode === 'edit' ? (
          <Composer
            id={`c-edit-${c.id}`}
            label={t(`${K}.edit`)}
            submit={t(`${K}.save`)}
            initial={c.body ?? ''}
            onSend={(body) =>
              editComment(c.id, body).then((v) => {
                onChange(v);
                setMode('');
              })
            }
            onCancel={() => setMode('')}
          />
        ) : (
          c.bodyHtml && <div class="comment-body" dangerouslySetInnerHTML={{ __html: c.bodyHtml }} />
        )}
        {c.status !== 'deleted' && mode !== 'edit' && (
          <div class="comment-actions">
            {c.canReply && !locked && (
              <button type="button" class="link-button" aria-expanded={mode === 'reply'} onClick={() => setMode(mode === 'reply' ? '' : 'reply')}>
                {t(`${K}.reply`)}
              </button>
            )}
            {c.mine && c.status === 'visible' && (
              <button type="button" class="link-button" onClick={() => setMode('edit')}>
                {t(`${K}.edit`)}
              </button>
            )}
            {c.mine && c.status !== 'removed' && (
              <button type="button" class="link-button" onClick={() => setMode('delete')}>
                {t(`${K}.delete`)}
              </button>
            )}
            {moderate && !c.mine && c.status !== 'removed' && (
              <button type="button" class="link-button" onClick={() => setMode('remove')}>
                {t(`${K}.remove`)}
              </button>
            )}
            {!c.mine && c.status === 'visible' && <ReportButton target="comment" id={c.id} />}
          </div>
        )}
        {mode === 'delete' && (
          <p class="comment-confirm" role="group" aria-label={t(`${K}.deleteConfirm`)}>
            {t(`${K}.deleteConfirm`)}{' '}
            <button type="button" class="contrast" onClick={remove}>
              {t(`${K}.delete`)}
            </button>{' '}
            <button type="button" class="secondary outline" onClick={() => setMode('')}>
              {t(`${K}.cancel`)}
            </button>
          </p>
        )}
        {mode === 'remove' && (
          <Composer
            id={`c-remove-${c.id}`}
            label={t(`${K}.removeReason`)}
            submit={t(`${K}.removeConfirm`)}
            onSend={(reason) =>
              removeComment(c.id, reason).then(() => {
                onChange({ ...c, status: 'removed', reason, canReply: false });
                setMode('');
              })
            }
            onCancel={() => setMode('')}
          />
        )}
        {error && (
          <p role="alert">
            {error}
          </p>
        )}
      {mode === 'reply' && (
        <Composer
          id={`c-reply-${c.id}`}
          label={t(`${K}.writeReply`)}
          submit={t(`${K}.sendReply`)}
          onSend={(body) =>
            createComment(c.postId, body, c.id).then((r) => {
              if (replies === null) loadReplies();
              else setReplies([...replies, r]);
              onChange({ ...c, replyCount: c.replyCount + 1 });
              setMode('');
            })
          }
          onCancel={() => setMode('')}
        />
      )}
      {c.replyCount > 0 && replies === null && (
        <button type="button" class="link-button" onClick={() => loadReplies()}>
          {t(`${K}.showReplies`, { count: c.replyCount })}
        </button>
      )}
      {replies && replies.length > 0 && (
        <div class="comment-list comment-replies">
          {replies.map((r) => (
            <CommentItem
              key={r.id}
              c={r}
              moderate={moderate}
              locked={locked}
              onChange={(v) => setReplies((list) => (list ?? []).map((x) => (x.id === v.id ? v : x)))}
              onDrop={(id) => {
                setReplies((list) => (list ?? []).filter((x) => x.id !== id));
                onChange({ ...c, replyCount: Math.max(0, c.replyCount - 1) });
              }}
            />
          ))}
        </div>
      )}
      {next && (
        <button type="button" class="link-button" onClick={() => loadReplies(next)}>
          {t(`${K}.moreReplies`)}
        </button>
      )}
      </article>
    </div>
  );
}
