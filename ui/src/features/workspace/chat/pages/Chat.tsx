import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import type { User } from '../../../../lib/session';
import { onApiError } from '../../../../lib/session';
import { Alert } from '../../../../ui/Alert';
import { DashboardShell } from '../../../../ui/DashboardShell';
import {
  attachmentHref,
  type ChatEvent,
  contacts as findContacts,
  type Contact,
  type Conversation,
  deleteMessage,
  editMessage,
  flushQueue,
  listConversations,
  listMessages,
  listSupport,
  loadQueue,
  markRead,
  type Message,
  newClientId,
  type Queued,
  saveQueue,
  startConversation,
  startSupport,
  retriable,
  typing as sendTyping,
  uploadAttachment,
} from '../api';
import { type Thread, withMessage, withPage } from '../thread';
import { Members } from '../components/Members';
import { adoptStyles } from '../../../../lib/styles';
import css from '../chat.css?inline';

adoptStyles(css);

const P = 'chat.page';
const EDIT_WINDOW_MS = 15 * 60 * 1000;

/** A conversation's name as the viewer sees it. */
function nameOf(t: (k: string, o?: Record<string, unknown>) => string, c: Conversation, me: number, staff: boolean): string {
  if (c.kind === 'support') {
    const asker = c.members.find((m) => m.role === 'member');
    return staff && asker && asker.userId !== me ? t(`${P}.supportFor`, { name: asker.name }) : t(`${P}.support`);
  }
  if (c.title) return c.title;
  return (
    c.members
      .filter((m) => m.userId !== me)
      .map((m) => m.name)
      .join(', ') || t(c.kind === 'group' ? `${P}.group` : `${P}.deletedAccount`)
  );
}

type T = (k: string, o?: Record<string, unknown>) => string;

/** A group's system line in the reader's language: the server keeps who did what to whom, never words. */
export function systemText(t: T, m: Message, me: number): string {
  const who = (id: number, name: string) => (id === me ? t(`${P}.you`) : name || t(`${P}.deletedAccount`));
  const actor = who(m.senderId, m.senderName);
  const name = who(m.subjectId ?? 0, m.subjectName ?? '');
  switch (m.kind) {
    case 'added':
    case 'removed':
      return m.subjectId === me ? t(`${P}.system.${m.kind}You`, { actor }) : t(`${P}.system.${m.kind}`, { actor, name });
    case 'left':
      return t(`${P}.system.left`, { name });
    case 'renamed':
      return m.body ? t(`${P}.system.renamed`, { actor, title: m.body }) : t(`${P}.system.renamedEmpty`, { actor });
    case 'admin':
      return t(`${P}.system.admin`, { name: m.subjectName || t(`${P}.deletedAccount`) });
  }
  return m.body;
}

/** The status of one's own message from the other members' receipts. */
function statusOf(m: Message, c: Conversation | undefined, me: number): 'sent' | 'delivered' | 'read' {
  const others = c?.members.filter((x) => x.userId !== me) ?? [];
  if (!others.length) return 'sent';
  if (others.every((x) => x.readId >= m.id)) return 'read';
  if (others.every((x) => x.deliveredId >= m.id)) return 'delivered';
  return 'sent';
}

/** How many live messages of each conversation the page remembers, to merge into a page fetched meanwhile. */
const LIVE_KEPT = 100;

export function ChatApp({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const current = Number(new URLSearchParams(search).get('c') ?? 0) || 0;
  const me = user.id;
  const staff = (user.permissions ?? []).includes('workspace.support.answer');
  const [tab, setTab] = useState<'mine' | 'support'>('mine');
  const [list, setList] = useState<Conversation[] | null>(null);
  const [supportList, setSupportList] = useState<Conversation[]>([]);
  const [unreadTotal, setUnreadTotal] = useState(0);
  // The open conversation's messages (oldest first) and the cursor of older ones; a thread of
  // another conversation than the one in the URL is not shown (it is being replaced).
  // Answers and events may come in any order: a page is merged into the thread, never put in
  // its place (see thread.ts), and every live message is remembered (live) so that a page read
  // before it arrived, answered after, does not lose it.
  const [thread, setThread] = useState<Thread>({ id: 0, items: [], before: 0 });
  const messages = thread.id === current ? thread.items : [];
  const before = thread.id === current ? thread.before : 0;
  const liveRef = useRef(new Map<number, Message[]>());
  const takeMessage = useCallback((m: Message) => {
    const kept = liveRef.current.get(m.conversationId) ?? [];
    liveRef.current.set(m.conversationId, [...kept.slice(1 - LIVE_KEPT), m]);
    setThread((th) => withMessage(th, m));
  }, []);
  const [error, setError] = useState('');
  const [connected, setConnected] = useState(false);
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const [queue, setQueue] = useState<Queued[]>(() => loadQueue());
  const [typingOf, setTypingOf] = useState<{ id: number; name: string }>({ id: 0, name: '' });
  const typingName = typingOf.id === current ? typingOf.name : '';
  const setTypingName = (name: string) => setTypingOf({ id: currentRef.current, name });
  const [creating, setCreating] = useState(false);
  const [membersOf, setMembersOf] = useState(0); // the conversation whose members panel is open
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTyping = useRef(0);
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  }, [current]);
  const flushing = useRef(false);

  const fail = useCallback((err: ApiError) => {
    onApiError(err);
    setError(err.message);
  }, []);

  const all = [...(list ?? []), ...supportList.filter((s) => !(list ?? []).some((c) => c.id === s.id))];
  // The conversations listed, for the stream's handler (which lives as long as the page).
  const knownRef = useRef(new Set<number>());
  const mineRef = useRef(new Set<number>());
  const convsRef = useRef<Conversation[]>([]);
  useEffect(() => {
    convsRef.current = all;
    knownRef.current = new Set(all.map((c) => c.id));
    mineRef.current = new Set((list ?? []).map((c) => c.id));
  });
  const conv = all.find((c) => c.id === current);

  const refreshList = useCallback(() => {
    listConversations().then((r) => {
      setList(r.items);
      setUnreadTotal(r.unreadTotal);
      setError('');
    }, fail);
    if (staff) listSupport().then((r) => setSupportList(r.items), fail);
  }, [fail, staff]);

  const loadMessages = useCallback(
    (id: number) => {
      const load = (attempt: number) =>
        listMessages(id).then(
          (r) => {
            if (currentRef.current !== id) return;
            setThread((th) => withPage(th, id, r, liveRef.current.get(id)));
          },
          (err: ApiError) => {
            // A busy server or a dropped connection: try again a few times before saying so.
            if (retriable(err) && attempt < 3) setTimeout(() => currentRef.current === id && load(attempt + 1), 500 * 2 ** attempt);
            else fail(err);
          },
        );
      if (id) load(0);
    },
    [fail],
  );

  useEffect(() => {
    refreshList();
  }, [refreshList]);
  useEffect(() => {
    loadMessages(current);
  }, [current, loadMessages]);

  // Read: the newest message of others in the open conversation, once the page is seen.
  const newestOther = [...messages].reverse().find((m) => m.senderId !== me);
  useEffect(() => {
    if (!conv || !conv.member || !newestOther || newestOther.id <= conv.readId) return;
    markRead(conv.id, newestOther.id).then((r) => {
      setUnreadTotal(r.unreadTotal);
      setList((l) => l?.map((c) => (c.id === conv.id ? { ...c, unread: r.unread, readId: r.readId } : c)) ?? l);
    }, fail);
  }, [conv, newestOther, fail]);

  const send = useCallback(() => {
    if (flushing.current) return;
    flushing.current = true;
    flushQueue(
      loadQueue(),
      (_q, m) => takeMessage(m),
      setQueue,
    ).then((rest) => {
      flushing.current = false;
      setQueue(rest);
    });
  }, [takeMessage]);

  // The live stream: EventSource reconnects by itself and sends Last-Event-ID.
  useEffect(() => {
    const es = new EventSource('/api/chat/events');
    es.onmessage = (e: MessageEvent<string>) => {
      let ev: ChatEvent;
      try {
        ev = JSON.parse(e.data) as ChatEvent;
      } catch {
        return;
      }
      const open = ev.conversationId === currentRef.current;
      switch (ev.type) {
        case 'ready':
          setConnected(true);
          refreshList();
          loadMessages(currentRef.current);
          send();
          break;
        case 'message':
        case 'edited':
        case 'deleted': {
          const m = ev.message!;
          takeMessage(m);
          if (m.kind !== 'text') refreshList(); // a group's members, title or admin changed
          if (m.kind === 'added' && m.subjectId === me && open) loadMessages(m.conversationId); // back in: the history since
          if (!knownRef.current.has(m.conversationId)) {
            refreshList(); // a conversation this page has not listed yet
          } else {
            const fresh = ev.type === 'message' && m.senderId !== me && !open;
            const upd = (l: Conversation[]) => {
              const c = l.find((x) => x.id === m.conversationId);
              if (!c) return l;
              const next = { ...c, lastMessage: !c.lastMessage || c.lastMessage.id <= m.id ? m : c.lastMessage, unread: c.unread + (fresh && c.member ? 1 : 0) };
              return ev.type === 'message' ? [next, ...l.filter((x) => x.id !== c.id)] : l.map((x) => (x.id === c.id ? next : x));
            };
            setList((l) => (l ? upd(l) : l));
            setSupportList(upd);
            if (fresh && mineRef.current.has(m.conversationId)) setUnreadTotal((n) => n + 1);
          }
          if (ev.type === 'message' && m.senderId !== me && open) setTypingName('');
          break;
        }
        case 'delivered':
        case 'read': {
          const known = convsRef.current.find((c) => c.id === ev.conversationId);
          if (!known || !known.members.some((x) => x.userId === ev.userId)) {
            refreshList(); // someone new in the conversation (support staff who answered)
            break;
          }
          const upd = (l: Conversation[]) =>
            l.map((c) =>
              c.id !== ev.conversationId
                ? c
                : {
                    ...c,
                    members: c.members.map((x) =>
                      x.userId !== ev.userId
                        ? x
                        : {
                            ...x,
                            deliveredId: Math.max(x.deliveredId, ev.messageId ?? 0),
                            readId: ev.type === 'read' ? Math.max(x.readId, ev.messageId ?? 0) : x.readId,
                          },
                    ),
                  },
            );
          setList((l) => (l ? upd(l) : l));
          setSupportList(upd);
          break;
        }
        case 'typing':
          if (open && ev.userId !== me) {
            const who = convsRef.current.find((c) => c.id === ev.conversationId)?.members.find((x) => x.userId === ev.userId)?.name ?? '';
            setTypingName(who || t(`${P}.support`));
            clearTimeout(typingTimer.current);
            typingTimer.current = setTimeout(() => setTypingName(''), 4000);
          }
          break;
      }
    };
    es.onerror = () => setConnected(false);
    return () => es.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream for the page's life; handlers read refs and setters
  }, []);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      send();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [send]);

  const open = (id: number) => navigate(`/dashboard/chat?c=${id}`);

  const enqueue = (body: string, fileId?: number) => {
    const q: Queued = { clientId: newClientId(), conversationId: current, body, fileId };
    const next = [...loadQueue(), q];
    saveQueue(next);
    setQueue(next);
    if (online) send();
  };

  const onTyping = () => {
    const now = Date.now();
    if (!online || !current || now - lastTyping.current < 3000) return;
    lastTyping.current = now;
    sendTyping(current).catch(() => undefined);
  };

  const writeSupport = () =>
    startSupport().then((c) => {
      refreshList();
      open(c.id);
    }, fail);

  const shown = tab === 'support' ? supportList : (list ?? []);
  const pending = queue.filter((q) => q.conversationId === current && !messages.some((m) => m.clientId === q.clientId));
  const lang = i18n.language;

  return (
    <div class={`chat${current ? ' chat--open' : ''}`}>
      <section class="chat__list" aria-labelledby="chat-list-heading">
        <h2 id="chat-list-heading">{t(`${P}.conversations`)}</h2>
        <p class="muted" aria-live="polite">
          {t(`${P}.unreadTotal`, { count: unreadTotal })}
        </p>
        {staff && (
          <fieldset role="radiogroup" aria-label={t(`${P}.conversations`)} class="chat__tabs">
            <label>
              <input type="radio" name="chat-tab" checked={tab === 'mine'} onChange={() => setTab('mine')} />
              {t(`${P}.mine`)}
            </label>
            <label>
              <input type="radio" name="chat-tab" checked={tab === 'support'} onChange={() => setTab('support')} />
              {t(`${P}.supportInbox`)}
            </label>
          </fieldset>
        )}
        <div class="button-row">
          <button type="button" class="secondary" aria-expanded={creating ? 'true' : 'false'} onClick={() => setCreating(!creating)}>
            {t(`${P}.newConversation`)}
          </button>
          {!staff && (
            <button type="button" class="secondary outline" onClick={writeSupport}>
              {t(`${P}.writeSupport`)}
            </button>
          )}
        </div>
        {creating && (
          <NewConversation
            onDone={(c) => {
              setCreating(false);
              refreshList();
              open(c.id);
            }}
            onCancel={() => setCreating(false)}
          />
        )}
        {error && <Alert variant="error">{error}</Alert>}
        {list === null ? (
          !error && <p aria-busy="true">{t('dashboard.loading')}</p>
        ) : shown.length === 0 ? (
          <p>{t(tab === 'support' ? `${P}.supportEmpty` : `${P}.empty`)}</p>
        ) : (
          <ul>
            {shown.map((c) => (
              <li key={c.id}>
                <a
                  href={`/${lang}/dashboard/chat?c=${c.id}`}
                  aria-current={c.id === current ? 'true' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    open(c.id);
                  }}
                >
                  <strong>{nameOf(t, c, me, staff)}</strong>
                  {c.lastMessage && (
                    <small>
                      {c.lastMessage.deleted
                        ? t(`${P}.deleted`)
                        : c.lastMessage.kind !== 'text'
                          ? systemText(t, c.lastMessage, me)
                          : c.lastMessage.body || c.lastMessage.attachment?.name}
                    </small>
                  )}
                  {c.unread > 0 && <mark>{t(`${P}.unread`, { count: c.unread })}</mark>}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section class="chat__thread" aria-labelledby="chat-thread-heading">
        {!current || !conv ? (
          <p id="chat-thread-heading">{t(`${P}.pick`)}</p>
        ) : (
          <>
            <button type="button" class="secondary outline chat__back" onClick={() => navigate('/dashboard/chat')}>
              {t(`${P}.back`)}
            </button>
            <h2 id="chat-thread-heading">{nameOf(t, conv, me, staff)}</h2>
            {conv.kind === 'group' && !conv.former && (
              <>
                <p class="muted">{t(`${P}.members`, { names: conv.members.map((m) => m.name).join(', ') })}</p>
                <button
                  type="button"
                  class="secondary outline"
                  aria-expanded={membersOf === conv.id ? 'true' : 'false'}
                  aria-controls="chat-members"
                  onClick={() => setMembersOf(membersOf === conv.id ? 0 : conv.id)}
                >
                  {t(`${P}.membersButton`)}
                </button>
                {membersOf === conv.id && (
                  <Members
                    conv={conv}
                    me={me}
                    onChange={(x) => {
                      setList((l) => l?.map((c) => (c.id === x.id ? x : c)) ?? l);
                      if (x.former) setMembersOf(0);
                      refreshList();
                    }}
                  />
                )}
              </>
            )}
            {!online ? (
              <Alert variant="warning">{t(`${P}.offline`)}</Alert>
            ) : (
              !connected && (
                <p class="muted" aria-busy="true">
                  {t(`${P}.reconnecting`)}
                </p>
              )
            )}
            {before > 0 && (
              <button
                type="button"
                class="secondary outline"
                onClick={() =>
                  listMessages(current, before).then(
                    (r) => setThread((th) => (th.id === current ? { ...withPage(th, current, r), before: r.before ?? 0 } : th)),
                    fail,
                  )
                }
              >
                {t(`${P}.older`)}
              </button>
            )}
            {/* Focusable: the list scrolls, and a keyboard must be able to scroll it (it may hold no link or button). */}
            <ol aria-label={t(`${P}.messagesLabel`)} aria-live="polite" tabIndex={0}>
              {messages.length === 0 && pending.length === 0 && <li class="muted">{t(`${P}.noMessages`)}</li>}
              {messages.map((m) =>
                m.kind !== 'text' ? (
                  <li key={m.id} class="chat__system">
                    <small>{systemText(t, m, me)}</small>
                  </li>
                ) : (
                <MessageItem key={m.id} m={m} mine={m.senderId === me} status={statusOf(m, conv, me)} onChange={takeMessage} onError={fail} />
                ),
              )}
              {pending.map((q) => (
                <li key={q.clientId} class="chat__mine">
                  <article>
                    <p>{q.body}</p>
                    <small>{q.failed ? `${t(`${P}.statusFailed`)}: ${q.failed}` : t(`${P}.statusQueued`)}</small>
                  </article>
                </li>
              ))}
            </ol>
            <p class="muted" aria-live="polite">
              {typingName ? t(`${P}.typing`, { name: typingName }) : ''}
            </p>
            {conv.former ? (
              <Alert variant="info">{t(`${P}.former`)}</Alert>
            ) : (
              <Composer key={current} onSend={enqueue} onTyping={onTyping} onError={fail} />
            )}
          </>
        )}
      </section>
    </div>
  );
}

function MessageItem({
  m,
  mine,
  status,
  onChange,
  onError,
}: {
  m: Message;
  mine: boolean;
  status: string;
  onChange: (m: Message) => void;
  onError: (e: ApiError) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(m.body);
  const [fieldError, setFieldError] = useState('');
  // When the message was first shown: the edit buttons show while the server would still take a change.
  const [shownAt] = useState(() => Date.now());
  const changeable = mine && !m.deleted && shownAt - new Date(m.createdAt).getTime() < EDIT_WINDOW_MS;
  const at = new Date(m.createdAt);
  // 24-hour, as both languages write it here (Intl has no Mongolian data in Debian's chromium: it wrote "10:56 PM").
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  const save = (e: Event) => {
    e.preventDefault();
    editMessage(m.id, text).then(
      (x) => {
        setEditing(false);
        setFieldError('');
        onChange(x);
      },
      (err: ApiError) => (err.errors?.body ? setFieldError(err.errors.body) : onError(err)),
    );
  };
  const remove = () => {
    if (window.confirm(t(`${P}.confirmDelete`))) deleteMessage(m.id).then(onChange, onError);
  };
  const editId = `chat-edit-${m.id}`;
  return (
    <li class={mine ? 'chat__mine' : undefined}>
      <article>
      <p>
        <strong>{mine ? t(`${P}.you`) : m.senderName || t(`${P}.deletedAccount`)}</strong> <time dateTime={m.createdAt}>{time}</time>
        {m.editedAt && !m.deleted ? ` · ${t(`${P}.edited`)}` : ''}
      </p>
      {m.deleted ? (
        <p class="muted">{t(`${P}.deleted`)}</p>
      ) : editing ? (
        <form onSubmit={save}>
          <label for={editId}>{t(`${P}.editLabel`)}</label>
          <textarea
            id={editId}
            value={text}
            maxLength={4000}
            aria-invalid={fieldError ? 'true' : undefined}
            aria-describedby={fieldError ? `${editId}-error` : undefined}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          />
          {fieldError && (
            <small id={`${editId}-error`} class="field-error">
              {fieldError}
            </small>
          )}
          <div class="button-row">
            <button type="submit">{t(`${P}.save`)}</button>
            <button type="button" class="secondary outline" onClick={() => setEditing(false)}>
              {t(`${P}.cancel`)}
            </button>
          </div>
        </form>
      ) : (
        <>
          {m.body && <p class="chat__body">{m.body}</p>}
          {m.attachment && (
            <p>
              <a href={attachmentHref(m.id)} download>
                {t(`${P}.download`, { name: m.attachment.name })}
              </a>
            </p>
          )}
        </>
      )}
      {mine && !m.deleted && <small>{t(`${P}.status${status[0].toUpperCase()}${status.slice(1)}`)}</small>}
      {changeable && !editing && (
        <div class="button-row">
          <button type="button" class="secondary outline" onClick={() => setEditing(true)}>
            {t(`${P}.edit`)}
          </button>
          <button type="button" class="secondary outline" onClick={remove}>
            {t(`${P}.delete`)}
          </button>
        </div>
      )}
      </article>
    </li>
  );
}

function Composer({ onSend, onTyping, onError }: { onSend: (body: string, fileId?: number) => void; onTyping: () => void; onError: (e: ApiError) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ id: number; name: string } | null>(null);
  const [fieldError, setFieldError] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    const body = text.replace(/\r\n?/g, '\n').trim();
    if (!body && !file) return;
    onSend(body, file?.id);
    setText('');
    setFile(null);
    input.current?.focus();
  };
  const pick = (e: Event) => {
    const el = e.target as HTMLInputElement;
    const f = el.files?.[0];
    if (!f) return;
    uploadAttachment(f).then(
      (u) => {
        setFile({ id: u.fileId, name: u.name });
        setFieldError('');
        el.value = '';
      },
      (err: ApiError) => {
        el.value = '';
        if (err.errors?.file) setFieldError(err.errors.file);
        else onError(err);
      },
    );
  };
  return (
    <form class="chat__composer" onSubmit={submit}>
      <label for="chat-message">{t(`${P}.message`)}</label>
      <textarea
        id="chat-message"
        ref={input}
        value={text}
        rows={2}
        maxLength={4000}
        onInput={(e) => {
          setText((e.target as HTMLTextAreaElement).value);
          onTyping();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) submit(e);
        }}
      />
      <label for="chat-file">{t(`${P}.attach`)}</label>
      <input
        id="chat-file"
        type="file"
        accept=".pdf,.doc,.docx,.png,.jpg,.jpeg,.webp,.gif"
        aria-invalid={fieldError ? 'true' : undefined}
        aria-describedby={fieldError ? 'chat-file-error' : undefined}
        onChange={pick}
      />
      {fieldError && (
        <small id="chat-file-error" class="field-error">
          {fieldError}
        </small>
      )}
      {file && (
        <p>
          {t(`${P}.attached`, { name: file.name })}{' '}
          <button type="button" class="secondary outline" onClick={() => setFile(null)}>
            {t(`${P}.removeAttachment`)}
          </button>
        </p>
      )}
      <button type="submit">{t(`${P}.send`)}</button>
    </form>
  );
}

function NewConversation({ onDone, onCancel }: { onDone: (c: Conversation) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Contact[] | null>(null);
  const [chosen, setChosen] = useState<Contact[]>([]);
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    const timer = setTimeout(
      () =>
        findContacts(q).then(
          (r) => setFound(r.items),
          (err: ApiError) => setError(err.message),
        ),
      200,
    );
    return () => clearTimeout(timer);
  }, [q]);
  const start = (e: Event) => {
    e.preventDefault();
    if (!chosen.length) return;
    startConversation({ userIds: chosen.map((c) => c.userId), title: chosen.length > 1 ? title : undefined }).then(onDone, (err: ApiError) =>
      setError(err.errors ? Object.values(err.errors)[0] : err.message),
    );
  };
  return (
    <form class="chat__new" onSubmit={start}>
      <label for="chat-find">{t(`${P}.findPerson`)}</label>
      <input id="chat-find" type="search" value={q} aria-describedby="chat-find-hint" onInput={(e) => setQ((e.target as HTMLInputElement).value)} />
      <small id="chat-find-hint">{t(`${P}.findHint`)}</small>
      {found && found.length === 0 && <p>{t(`${P}.noContacts`)}</p>}
      {found && found.length > 0 && (
        <ul>
          {found
            .filter((c) => !chosen.some((x) => x.userId === c.userId))
            .map((c) => (
              <li key={c.userId}>
                <button type="button" class="secondary outline" aria-label={t(`${P}.choose`, { name: c.name })} onClick={() => setChosen([...chosen, c])}>
                  {c.name}
                </button>
              </li>
            ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <p>
          {t(`${P}.selected`, { names: chosen.map((c) => c.name).join(', ') })}{' '}
          {chosen.map((c) => (
            <button key={c.userId} type="button" class="secondary outline" onClick={() => setChosen(chosen.filter((x) => x !== c))}>
              {t(`${P}.remove`, { name: c.name })}
            </button>
          ))}
        </p>
      )}
      {chosen.length > 1 && (
        <>
          <label for="chat-title">{t(`${P}.groupTitle`)}</label>
          <input id="chat-title" value={title} maxLength={80} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
        </>
      )}
      {error && <Alert variant="error">{error}</Alert>}
      <div class="button-row">
        <button type="submit" disabled={!chosen.length}>
          {t(`${P}.start`)}
        </button>
        <button type="button" class="secondary outline" onClick={onCancel}>
          {t(`${P}.cancel`)}
        </button>
      </div>
    </form>
  );
}

export function DashboardChat() {
  return <DashboardShell page="chat" titleKey="chat.title">{(user) => <ChatApp user={user} />}</DashboardShell>;
}
