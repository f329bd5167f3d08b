import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/formatTime';
import type { User } from '../../../../lib/session';
import { onApiError } from '../../../../lib/session';
import { Alert } from '../../../../ui/Alert';
import { DashboardShell } from '../../../../ui/DashboardShell';
import {
  type Action,
  attachmentHref,
  type Contact,
  contacts as findContacts,
  createLabel,
  deleteDraft,
  deleteLabel,
  eventWords,
  FOLDERS,
  type Folders,
  getThread,
  leaveThread,
  listFolders,
  listMail,
  type MailEvent,
  merge,
  type Message,
  modify,
  quote,
  removePerson,
  renameLabel,
  saveDraft,
  sendLetter,
  type Thread,
  type ThreadSummary,
  timeline,
  uploadAttachment,
} from '../api';
import { unread as bellCount, useUnread } from '../../../notifications/api';
import { adoptStyles } from '../../../../lib/styles';
import css from '../mail.css?inline';

adoptStyles(css);

const P = 'workspaceMail.page';
const MAX_BODY = 20000;
const MAX_FILES = 5;

type Params = Record<string, string | number | undefined>;

/** What a composer starts from: a new letter, a reply, a forward, or a kept draft. */
interface Start {
  mode: 'new' | 'reply' | 'forward';
  draftId?: number;
  threadId?: number;
  forwardOf?: number;
  to: Contact[];
  subject: string;
  body: string;
  files: { fileId: number; name: string }[];
  /** A reply: the thread's people (not offered to add), and whether "Add people" starts open. */
  people?: number[];
  adding?: boolean;
}

/** Where the page is, from its query: a folder or a label, the words searched, the open thread, composing. */
function parseSearch(search: string) {
  const p = new URLSearchParams(search);
  const label = Number(p.get('label') ?? 0) || 0;
  return {
    label,
    folder: label ? '' : (p.get('folder') ?? 'inbox'),
    q: p.get('q') ?? '',
    threadId: Number(p.get('thread') ?? 0) || 0,
    composing: p.get('compose') === '1',
  };
}

function MailApp({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [, navigate] = useLocation();
  const { label, folder, q, threadId, composing } = parseSearch(useSearch());
  const listKey = `${folder}|${label}|${q}`;
  const [folders, setFolders] = useState<Folders | null>(null);
  // The list shown and where it was loaded from (a list of another folder is being replaced).
  const [loaded, setLoaded] = useState<{ key: string; items: ThreadSummary[]; next: string }>({ key: '', items: [], next: '' });
  const items = loaded.key === listKey ? loaded.items : null;
  const next = loaded.key === listKey ? loaded.next : '';
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');

  const href = (p: Params) => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(p)) if (v) s.set(k, String(v));
    const qs = s.toString();
    return `/dashboard/mail${qs ? `?${qs}` : ''}`;
  };
  const here: Params = { folder: folder === 'inbox' ? undefined : folder, label, q };
  const go = (p: Params) => navigate(href(p));

  const fail = useCallback((err: ApiError) => {
    onApiError(err);
    setError(err.message);
  }, []);
  const refreshFolders = useCallback(() => listFolders().then(setFolders, fail), [fail]);
  // A change (sent, moved, read) loads the list again; a letter arriving (live) merges the
  // first page into what is shown (the pages opened with "Show more" stay).
  const [version, setVersion] = useState(0);
  const [live, setLive] = useState(0);
  const versionSeen = useRef(-1);
  useEffect(() => {
    refreshFolders();
  }, [refreshFolders]);
  useEffect(() => {
    // Only the latest request's answer is shown: an earlier one (the inbox reloaded after a
    // change) answering after a later one (the label just opened) would otherwise replace it.
    let current = true;
    const replace = versionSeen.current !== version;
    versionSeen.current = version;
    listMail({ folder, label, q }).then(
      (r) => {
        if (!current) return;
        const key = `${folder}|${label}|${q}`;
        setLoaded((l) => (!replace && l.key === key ? merge(l, r) : { key, items: r.items, next: r.next ?? '' }));
        setError('');
      },
      (err) => current && fail(err),
    );
    return () => {
      current = false;
    };
  }, [folder, label, q, fail, version, live]);

  const changed = useCallback(
    (msg: string) => {
      setStatus(msg);
      setVersion((v) => v + 1);
      refreshFolders();
    },
    [refreshFolders],
  );
  // Several letters chosen for one action (kept per list: another folder starts with none).
  const [chosen, setChosen] = useState<{ key: string; ids: number[]; anchor: number }>({ key: '', ids: [], anchor: -1 });
  const selected = chosen.key === listKey ? chosen.ids.filter((id) => items?.some((m) => m.id === id)) : [];
  const [selecting, setSelecting] = useState(false);
  const choose = (index: number, on: boolean, range: boolean) => {
    if (!items) return;
    const from = range && chosen.key === listKey && chosen.anchor >= 0 ? Math.min(chosen.anchor, index) : index;
    const to = range && chosen.key === listKey && chosen.anchor >= 0 ? Math.max(chosen.anchor, index) : index;
    const ids = items.slice(from, to + 1).map((m) => m.id);
    const rest = selected.filter((id) => !ids.includes(id));
    setChosen({ key: listKey, ids: on ? [...rest, ...ids] : rest, anchor: index });
  };
  const chooseAll = (on: boolean) => setChosen({ key: listKey, ids: on && items ? items.map((m) => m.id) : [], anchor: -1 });
  const actOnSelected = (action: Action, labelId?: number) =>
    modify(selected, action, labelId).then((r) => {
      setChosen({ key: listKey, ids: [], anchor: -1 });
      changed(t(`${P}.select.done`, { count: r.changed }));
    }, fail);
  // Live arrival: the workspace's stream (the chat's, asked for mail only) says a letter came;
  // the folders' counts, the first page of the list (merged into what is shown) and the bell
  // are asked again, and the open thread reloads when it is the one. After a reconnect the
  // same catch-up runs (the stream does not replay mail). The platform's letters are not on
  // the stream: they come with a notification, so the bell's count going up does the same.
  const [arrivedIn, setArrivedIn] = useState({ thread: 0, n: 0 });
  const arrived = useCallback(
    (thread: number, say: boolean) => {
      refreshFolders();
      bellCount.refresh().catch(() => undefined);
      setLive((n) => n + 1);
      if (say) setStatus(t(`${P}.live.arrived`));
      if (thread) setArrivedIn((a) => ({ thread, n: a.n + 1 }));
    },
    [refreshFolders, t],
  );
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const es = new EventSource('/api/chat/events?topics=mail');
    let ready = false;
    es.onmessage = (e: MessageEvent<string>) => {
      let ev: MailEvent;
      try {
        ev = JSON.parse(e.data) as MailEvent;
      } catch {
        return;
      }
      if (ev.type === 'mail') arrived(ev.threadId ?? 0, true);
      // Someone left or was removed (the thread reloads), or the person changed their mailbox
      // on another device (threadId 0: the lists and counts reload): no letter to announce.
      else if (ev.type === 'mailChanged') arrived(ev.threadId ?? 0, false);
      else if (ev.type === 'ready') {
        if (ready) arrived(0, false); // reconnected: catch up
        ready = true;
      }
    };
    return () => es.close();
  }, [arrived]);
  const bell = useUnread();
  const bellWas = useRef(bell);
  useEffect(() => {
    if (bell !== undefined && bellWas.current !== undefined && bell > bellWas.current) arrived(0, false);
    bellWas.current = bell;
  }, [bell, arrived]);

  const labels = folders?.labels ?? [];
  const heading = label ? (labels.find((l) => l.id === label)?.name ?? '') : t(`${P}.folders.${folder}`);
  const open = threadId > 0 || composing;

  return (
    <div class={`mail${open ? ' mail--open' : ''}${selecting ? ' mail--selecting' : ''}`}>
      <nav class="mail__nav" aria-label={t(`${P}.mailbox`)}>
        <a class="mail__write" role="button" href={`/${lang}${href({ ...here, compose: 1 })}`} onClick={(e) => (e.preventDefault(), go({ ...here, compose: 1 }))}>
          {t(`${P}.write`)}
        </a>
        <ul>
          {FOLDERS.map((f) => {
            const info = folders?.folders.find((x) => x.key === f);
            // New letters count in the inbox; drafts show how many; the other folders no number.
            const n = f === 'drafts' ? (info?.count ?? 0) : f === 'inbox' ? (info?.unread ?? 0) : 0;
            return (
              <li key={f}>
                <a
                  href={`/${lang}${href({ folder: f === 'inbox' ? undefined : f })}`}
                  aria-current={!label && folder === f ? 'page' : undefined}
                  onClick={(e) => (e.preventDefault(), go({ folder: f === 'inbox' ? undefined : f }))}
                >
                  {t(`${P}.folders.${f}`)}
                  {n > 0 && ' '}
                  {n > 0 && <span class="mail__count">{t(f === 'drafts' ? `${P}.drafts` : `${P}.unreadShort`, { count: n })}</span>}
                </a>
              </li>
            );
          })}
        </ul>
        <h2 id="mail-labels-heading">{t(`${P}.labels`)}</h2>
        {labels.length === 0 ? (
          <p class="muted">{t(`${P}.noLabels`)}</p>
        ) : (
          <ul aria-labelledby="mail-labels-heading">
            {labels.map((l) => (
              <li key={l.id}>
                <a
                  href={`/${lang}${href({ label: l.id })}`}
                  aria-current={label === l.id ? 'page' : undefined}
                  onClick={(e) => (e.preventDefault(), go({ label: l.id }))}
                >
                  {l.name}
                  {l.unread > 0 && ' '}
                  {l.unread > 0 && <span class="mail__count">{t(`${P}.unreadShort`, { count: l.unread })}</span>}
                </a>
              </li>
            ))}
          </ul>
        )}
        <LabelManager labels={labels} onChange={refreshFolders} onError={fail} />
      </nav>
      <section class="mail__list" aria-labelledby="mail-list-heading">
        <h2 id="mail-list-heading">{heading}</h2>
        {folder === 'trash' && <p class="muted">{t(`${P}.trashNote`)}</p>}
        <SearchForm key={q} q={q} onSearch={(s) => go({ folder: s ? 'all' : undefined, q: s })} />
        <p class="visually-hidden" role="status">
          {status}
        </p>
        {error && <Alert variant="error">{error}</Alert>}
        {items && items.length > 0 && (
          <>
            <button type="button" class="secondary outline mail__select-mode" aria-pressed={selecting ? 'true' : 'false'} onClick={() => setSelecting(!selecting)}>
              {t(`${P}.select.mode`)}
            </button>
            <SelectionBar
              count={selected.length}
              total={items.length}
              folder={label ? '' : folder}
              labels={labels}
              onAll={chooseAll}
              onAct={actOnSelected}
            />
          </>
        )}
        {items === null ? (
          !error && <p aria-busy="true">{t('dashboard.loading')}</p>
        ) : items.length === 0 ? (
          <p>{t(q ? `${P}.noResults` : `${P}.empty`)}</p>
        ) : (
          <ul class="mail__items">
            {items.map((m, i) => (
              <li key={m.id} class={m.unread > 0 ? 'mail__unread' : undefined}>
                <input
                  type="checkbox"
                  class="mail__check"
                  checked={selected.includes(m.id)}
                  aria-label={t(`${P}.select.one`, { subject: m.subject || t(`${P}.noSubject`) })}
                  onClick={(e) => choose(i, (e.currentTarget as HTMLInputElement).checked, e.shiftKey)}
                />
                <a
                  href={`/${lang}${href({ ...here, thread: m.id })}`}
                  aria-current={m.id === threadId ? 'true' : undefined}
                  onClick={(e) => (e.preventDefault(), go({ ...here, thread: m.id }))}
                >
                  <span class="mail__who">{m.system ? t(`${P}.system`) : m.people.map((p) => p.name).join(', ') || t(`${P}.onlyYou`)}</span>
                  <time dateTime={m.lastAt}>{formatDateTime(t, m.lastAt)}</time>
                  <strong>{m.subject || t(`${P}.noSubject`)}</strong>
                  <small>{m.snippet}</small>
                  <span class="mail__marks">
                    {m.unread > 0 && <mark>{t(`${P}.unread`, { count: m.unread })}</mark>}
                    {m.starred && <span>{t(`${P}.starredMark`)}</span>}
                    {m.important && <span>{t(`${P}.importantMark`)}</span>}
                    {m.drafts > 0 && <span>{t(`${P}.draftMark`)}</span>}
                    {m.labelIds.map((id) => {
                      const l = labels.find((x) => x.id === id);
                      return l ? <span key={id} class="mail__label">{l.name}</span> : null;
                    })}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {next && (
          <button
            type="button"
            class="secondary outline"
            onClick={() =>
              listMail({ folder, label, q }, next).then(
                (r) => setLoaded((l) => ({ key: l.key, items: [...l.items, ...r.items], next: r.next ?? '' })),
                fail,
              )
            }
          >
            {t(`${P}.more`)}
          </button>
        )}
      </section>
      <section class="mail__thread" aria-label={t(`${P}.reading`)}>
        {open && (
          <button type="button" class="secondary outline mail__back" onClick={() => go(here)}>
            {t(`${P}.back`)}
          </button>
        )}
        {composing ? (
          <Composer
            start={{ mode: 'new', to: [], subject: '', body: '', files: [] }}
            onDone={(msg, id) => {
              changed(msg);
              go(id ? { ...here, thread: id } : here);
            }}
            onCancel={() => go(here)}
            onError={fail}
          />
        ) : threadId ? (
          <ThreadPane
            key={threadId}
            id={threadId}
            arrived={arrivedIn.thread === threadId ? arrivedIn.n : 0}
            me={user.id}
            labels={labels}
            onChanged={changed}
            onGone={(msg) => {
              changed(msg);
              go(here);
            }}
            onError={fail}
          />
        ) : (
          <p class="muted">{t(`${P}.pick`)}</p>
        )}
      </section>
    </div>
  );
}

/** The actions on the letters chosen in the list, with "select all on this page" and how many are chosen (announced). */
function SelectionBar({
  count,
  total,
  folder,
  labels,
  onAll,
  onAct,
}: {
  count: number;
  total: number;
  folder: string;
  labels: Folders['labels'];
  onAll: (on: boolean) => void;
  onAct: (action: Action, labelId?: number) => void;
}) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(0);
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < total;
  }, [count, total]);
  const labelId = labels.some((l) => l.id === label) ? label : (labels[0]?.id ?? 0);
  const button = (action: Action, key: string) => (
    <button type="button" class="secondary outline" onClick={() => onAct(action)}>
      {t(key)}
    </button>
  );
  return (
    <div class="mail__bulk">
      <label class="mail__all">
        <input ref={all} type="checkbox" checked={count > 0 && count === total} onChange={(e) => onAll((e.currentTarget as HTMLInputElement).checked)} />
        {t(`${P}.select.all`)}
      </label>
      <p role="status" class="mail__chosen-count">
        {count > 0 ? t(`${P}.select.count`, { count }) : ''}
      </p>
      {count > 0 && (
        <div class="button-row" role="group" aria-label={t(`${P}.select.actions`)}>
          {folder === 'trash' ? (
            <>
              {button('restore', `${P}.restore`)}
              <button type="button" class="secondary outline" onClick={() => window.confirm(t(`${P}.select.confirmDelete`)) && onAct('delete')}>
                {t(`${P}.deleteForever`)}
              </button>
            </>
          ) : (
            <>
              {folder === 'archive' ? button('inbox', `${P}.toInbox`) : button('archive', `${P}.archive`)}
              {button('trash', `${P}.trash`)}
            </>
          )}
          {button('read', `${P}.select.read`)}
          {button('unread', `${P}.markUnread`)}
          {button('star', `${P}.star`)}
          {button('unstar', `${P}.select.unstar`)}
          {button('important', `${P}.select.important`)}
          {button('unimportant', `${P}.select.unimportant`)}
          {labels.length > 0 && (
            <span class="mail__bulk-label">
              <label for="mail-bulk-label">{t(`${P}.select.label`)}</label>
              <select id="mail-bulk-label" value={labelId} onChange={(e) => setLabel(Number((e.currentTarget as HTMLSelectElement).value))}>
                {labels.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
              <button type="button" class="secondary outline" onClick={() => onAct('label', labelId)}>
                {t(`${P}.select.addLabel`)}
              </button>
              <button type="button" class="secondary outline" onClick={() => onAct('unlabel', labelId)}>
                {t(`${P}.select.removeLabel`)}
              </button>
            </span>
          )}
        </div>
      )}
    </div>
  );
}

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  return (
    <form
      role="search"
      class="mail__search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label for="mail-search" class="visually-hidden">
        {t(`${P}.search`)}
      </label>
      <input id="mail-search" type="search" placeholder={t(`${P}.search`)} value={text} maxLength={200} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
      <button type="submit" class="secondary">
        {t(`${P}.searchButton`)}
      </button>
    </form>
  );
}

function LabelManager({ labels, onChange, onError }: { labels: Folders['labels']; onChange: () => void; onError: (e: ApiError) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const add = (e: Event) => {
    e.preventDefault();
    createLabel(name).then(
      () => {
        setName('');
        setFieldError('');
        onChange();
      },
      (err: ApiError) => {
        if (err.errors?.name) {
          setFieldError(err.errors.name);
          input.current?.focus();
        } else onError(err);
      },
    );
  };
  return (
    <details class="mail__labels">
      <summary>{t(`${P}.manageLabels`)}</summary>
      <form onSubmit={add}>
        <label for="mail-label-new">{t(`${P}.newLabel`)}</label>
        <input
          id="mail-label-new"
          ref={input}
          value={name}
          maxLength={40}
          aria-invalid={fieldError ? 'true' : undefined}
          aria-describedby={fieldError ? 'mail-label-new-error' : undefined}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
        {fieldError && (
          <small id="mail-label-new-error" class="field-error">
            {fieldError}
          </small>
        )}
        <button type="submit" class="secondary">
          {t(`${P}.addLabel`)}
        </button>
      </form>
      {labels.map((l) => (
        <LabelRow key={l.id} id={l.id} name={l.name} onChange={onChange} onError={onError} />
      ))}
    </details>
  );
}

function LabelRow({ id, name, onChange, onError }: { id: number; name: string; onChange: () => void; onError: (e: ApiError) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const [fieldError, setFieldError] = useState('');
  const fid = `mail-label-${id}`;
  return (
    <form
      class="mail__label-row"
      onSubmit={(e) => {
        e.preventDefault();
        renameLabel(id, value).then(
          () => {
            setFieldError('');
            onChange();
          },
          (err: ApiError) => (err.errors?.name ? setFieldError(err.errors.name) : onError(err)),
        );
      }}
    >
      <label for={fid}>{t(`${P}.renameLabel`, { name })}</label>
      <input
        id={fid}
        value={value}
        maxLength={40}
        aria-invalid={fieldError ? 'true' : undefined}
        aria-describedby={fieldError ? `${fid}-error` : undefined}
        onInput={(e) => setValue((e.target as HTMLInputElement).value)}
      />
      {fieldError && (
        <small id={`${fid}-error`} class="field-error">
          {fieldError}
        </small>
      )}
      <div class="button-row">
        <button type="submit" class="secondary outline">
          {t(`${P}.save`)}
        </button>
        <button
          type="button"
          class="secondary outline"
          onClick={() => {
            if (window.confirm(t(`${P}.confirmDeleteLabel`, { name }))) deleteLabel(id).then(onChange, onError);
          }}
        >
          {t(`${P}.deleteLabel`, { name })}
        </button>
      </div>
    </form>
  );
}

function ThreadPane({
  id,
  arrived,
  me,
  labels,
  onChanged,
  onGone,
  onError,
}: {
  id: number;
  /** Goes up when a letter arrives in this thread: it loads again. */
  arrived: number;
  me: number;
  labels: Folders['labels'];
  onChanged: (msg: string) => void;
  onGone: (msg: string) => void;
  onError: (e: ApiError) => void;
}) {
  const { t } = useTranslation();
  const [thread, setThread] = useState<Thread | null>(null);
  const [start, setStart] = useState<Start | null>(null);
  const [chosen, setChosen] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const load = useCallback(() => getThread(id).then(setThread, onError), [id, onError]);
  // Opened: its letters are read (once, and again for each letter arriving while it is open).
  const marked = useRef(false);
  useEffect(() => {
    marked.current = false;
    load();
  }, [load, arrived]);
  useEffect(() => {
    if (thread && thread.unread > 0 && !marked.current) {
      marked.current = true;
      modify([thread.id], 'read').then(() => {
        setThread((th) => (th ? { ...th, unread: 0 } : th));
        onChanged('');
      }, onError);
    }
  }, [thread, onChanged, onError]);
  useEffect(() => {
    if (thread) heading.current?.focus();
  }, [thread?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!thread) return <p aria-busy="true">{t('dashboard.loading')}</p>;

  const act = (action: Action, msg: string, gone = false, labelId?: number) =>
    modify([thread.id], action, labelId).then(() => {
      if (gone) onGone(msg);
      else {
        load();
        onChanged(msg);
      }
    }, onError);
  const people = thread.people.filter((p) => p.id !== me);
  // Leaving, or removing someone added later: confirmed, then the thread loads again (the
  // event shows in it) and focus returns to its heading.
  const changePeople = (confirmText: string, call: () => Promise<void>, msg: string) => {
    if (!window.confirm(confirmText)) return;
    call().then(() => {
      load().then(() => heading.current?.focus());
      onChanged(msg);
    }, onError);
  };
  const applied = labels.filter((l) => thread.labelIds.includes(l.id));
  const free = labels.filter((l) => !thread.labelIds.includes(l.id));
  const last = [...thread.messages].reverse().find((m) => !m.draft);
  const header = (m: Message) => t(`${P}.quoteHeader`, { name: m.system ? t(`${P}.system`) : m.senderName, date: formatDateTime(t, m.createdAt) });
  const toContacts = (m: Message): Contact[] => m.to.map((p) => ({ id: p.id, name: p.name }));
  const everyone = thread.people.map((p) => p.id);
  const replyTo = (m: Message, adding = false): Start => ({
    mode: 'reply',
    threadId: thread.id,
    to: [],
    subject: thread.subject,
    body: quote(m, header(m)),
    files: [],
    people: everyone,
    adding,
  });

  return (
    <article class="mail__open">
      <h2 ref={heading} tabIndex={-1}>
        {thread.subject || t(`${P}.noSubject`)}
      </h2>
      {thread.system ? (
        <p class="muted">{t(`${P}.fromSystem`)}</p>
      ) : (
        <div class="mail__people">
          <span id="mail-people-label" class="muted">
            {t(`${P}.people.title`)}
          </span>
          <ul aria-labelledby="mail-people-label">
            {people.length === 0 && <li>{t(`${P}.onlyYou`)}</li>}
            {people.map((p) => (
              <li key={p.id}>
                {p.name}
                {thread.removable.includes(p.id) && (
                  <button
                    type="button"
                    class="secondary outline"
                    aria-label={t(`${P}.people.removeOne`, { name: p.name })}
                    onClick={() =>
                      changePeople(t(`${P}.people.confirmRemove`, { name: p.name }), () => removePerson(thread.id, p.id), t(`${P}.people.doneRemoved`, { name: p.name }))
                    }
                  >
                    {t(`${P}.people.remove`)}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {thread.canLeave && (
            <button
              type="button"
              class="secondary outline"
              onClick={() => changePeople(t(`${P}.people.confirmLeave`), () => leaveThread(thread.id), t(`${P}.people.doneLeft`))}
            >
              {t(`${P}.people.leave`)}
            </button>
          )}
        </div>
      )}
      {thread.left && <Alert variant="info">{t(`${P}.people.leftNotice`)}</Alert>}
      <div class="button-row mail__actions">
        {thread.folder === 'trash' ? (
          <>
            <button type="button" class="secondary outline" onClick={() => act('restore', t(`${P}.done.restored`), true)}>
              {t(`${P}.restore`)}
            </button>
            <button
              type="button"
              class="secondary outline"
              onClick={() => window.confirm(t(`${P}.confirmDelete`)) && act('delete', t(`${P}.done.deleted`), true)}
            >
              {t(`${P}.deleteForever`)}
            </button>
          </>
        ) : (
          <>
            {thread.folder === 'inbox' ? (
              <button type="button" class="secondary outline" onClick={() => act('archive', t(`${P}.done.archived`), true)}>
                {t(`${P}.archive`)}
              </button>
            ) : (
              <button type="button" class="secondary outline" onClick={() => act('inbox', t(`${P}.done.inbox`), true)}>
                {t(`${P}.toInbox`)}
              </button>
            )}
            <button type="button" class="secondary outline" onClick={() => act('trash', t(`${P}.done.trashed`), true)}>
              {t(`${P}.trash`)}
            </button>
          </>
        )}
        <button type="button" class="secondary outline" aria-pressed={thread.starred ? 'true' : 'false'} onClick={() => act(thread.starred ? 'unstar' : 'star', '')}>
          {t(`${P}.star`)}
        </button>
        <button
          type="button"
          class="secondary outline"
          aria-pressed={thread.important ? 'true' : 'false'}
          onClick={() => act(thread.important ? 'unimportant' : 'important', '')}
        >
          {t(`${P}.important`)}
        </button>
        <button type="button" class="secondary outline" onClick={() => act('unread', t(`${P}.done.unread`), true)}>
          {t(`${P}.markUnread`)}
        </button>
        {thread.canReply && last && (
          <button type="button" class="secondary outline" onClick={() => setStart(replyTo(last, true))}>
            {t(`${P}.add.open`)}
          </button>
        )}
      </div>
      {labels.length > 0 && (
        <div class="mail__apply">
          {applied.map((l) => (
            <button key={l.id} type="button" class="secondary outline" onClick={() => act('unlabel', '', false, l.id)}>
              {t(`${P}.removeLabel`, { name: l.name })}
            </button>
          ))}
          {free.length > 0 && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const l = chosen || free[0].id;
                act('label', t(`${P}.done.labeled`), false, l);
              }}
            >
              <label for="mail-apply">{t(`${P}.applyLabel`)}</label>
              <select id="mail-apply" value={chosen || free[0].id} onChange={(e) => setChosen(Number((e.target as HTMLSelectElement).value))}>
                {free.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
              <button type="submit" class="secondary">
                {t(`${P}.apply`)}
              </button>
            </form>
          )}
        </div>
      )}
      <ol class="mail__messages" aria-label={t(`${P}.messages`)}>
        {timeline(thread.messages, thread.events).map(({ message: m, event: e }) =>
          e ? (
            <li key={`e${e.id}`} class="mail__event">
              {(({ key, vars }) => t(`${P}.people.${key}`, vars))(eventWords(e, me, t(`${P}.deletedAccount`)))}{' '}
              <time dateTime={e.createdAt}>{formatDateTime(t, e.createdAt)}</time>
            </li>
          ) : (
          <li key={m.id}>
            <article class={m.draft ? 'mail__draft' : undefined}>
              <header>
                <strong>{m.system ? t(`${P}.system`) : m.senderId === me ? t(`${P}.you`) : m.senderName || t(`${P}.deletedAccount`)}</strong>{' '}
                <time dateTime={m.createdAt}>{formatDateTime(t, m.createdAt)}</time>
                {m.to.length > 0 && <small>{t(`${P}.to`, { names: m.to.map((p) => (p.id === me ? t(`${P}.you`) : p.name)).join(', ') })}</small>}
                {m.draft && <mark>{t(`${P}.draftMark`)}</mark>}
              </header>
              <p class="mail__body">{m.body}</p>
              {m.attachments.length > 0 && (
                <ul>
                  {m.attachments.map((a) => (
                    <li key={a.fileId}>
                      <a href={attachmentHref(m.id, a.fileId)} download>
                        {t(`${P}.download`, { name: a.name })}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              {m.link && (
                <p>
                  <a href={m.link}>{t(`${P}.openLink`)}</a>
                </p>
              )}
              {m.draft ? (
                <div class="button-row">
                  <button
                    type="button"
                    class="secondary"
                    onClick={() =>
                      setStart({
                        mode: thread.messages.some((x) => !x.draft) ? 'reply' : 'new',
                        draftId: m.id,
                        threadId: thread.messages.some((x) => !x.draft) ? thread.id : undefined,
                        to: toContacts(m),
                        people: everyone,
                        adding: m.to.some((p) => !everyone.includes(p.id)),
                        subject: m.subject,
                        body: m.body,
                        files: m.attachments.map((a) => ({ fileId: a.fileId, name: a.name })),
                      })
                    }
                  >
                    {t(`${P}.editDraft`)}
                  </button>
                  <button
                    type="button"
                    class="secondary outline"
                    onClick={() => deleteDraft(m.id).then(() => (thread.messages.length > 1 ? (load(), onChanged(t(`${P}.done.discarded`))) : onGone(t(`${P}.done.discarded`))), onError)}
                  >
                    {t(`${P}.discard`)}
                  </button>
                </div>
              ) : (
                m === last && (
                  <div class="button-row">
                    {thread.canReply && (
                      <button type="button" onClick={() => setStart(replyTo(m))}>
                        {t(`${P}.reply`)}
                      </button>
                    )}
                    <button
                      type="button"
                      class="secondary"
                      onClick={() =>
                        setStart({ mode: 'forward', forwardOf: m.id, to: [], subject: t(`${P}.fwdSubject`, { subject: thread.subject }), body: quote(m, header(m)), files: [] })
                      }
                    >
                      {t(`${P}.forward`)}
                    </button>
                  </div>
                )
              )}
            </article>
          </li>
          ),
        )}
      </ol>
      {start && (
        <Composer
          key={`${start.mode}-${start.draftId ?? 0}-${start.adding ? 1 : 0}`}
          start={start}
          onDone={(msg, sentThread) => {
            setStart(null);
            onChanged(msg);
            if (sentThread && sentThread !== thread.id) onGone(msg);
            else load();
          }}
          onCancel={() => setStart(null)}
          onError={onError}
        />
      )}
    </article>
  );
}

function Composer({
  start,
  onDone,
  onCancel,
  onError,
}: {
  start: Start;
  onDone: (msg: string, threadId?: number) => void;
  onCancel: () => void;
  onError: (e: ApiError) => void;
}) {
  const { t } = useTranslation();
  const [to, setTo] = useState<Contact[]>(start.to);
  const [subject, setSubject] = useState(start.subject);
  const [body, setBody] = useState(start.body);
  const [files, setFiles] = useState(start.files);
  const [draftId, setDraftId] = useState(start.draftId ?? 0);
  const [find, setFind] = useState('');
  const [found, setFound] = useState<Contact[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const needsTo = start.mode !== 'reply';
  // A reply may add people to the thread (a draft of one: its recipients not in the thread yet).
  const people = start.people ?? [];
  const [adding, setAdding] = useState(!!start.adding);
  const [added, setAdded] = useState<Contact[]>(needsTo ? [] : start.to.filter((c) => !people.includes(c.id)));
  const [findAdd, setFindAdd] = useState('');
  const [foundAdd, setFoundAdd] = useState<Contact[] | null>(null);
  useEffect(() => {
    if (!adding) return;
    const timer = setTimeout(() => findContacts(findAdd).then((r) => setFoundAdd(r.items), onError), 200);
    return () => clearTimeout(timer);
  }, [findAdd, adding, onError]);
  useEffect(() => {
    if (!needsTo) return;
    const timer = setTimeout(() => findContacts(find).then((r) => setFound(r.items), onError), 200);
    return () => clearTimeout(timer);
  }, [find, needsTo, onError]);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>(needsTo ? '#mail-find' : start.adding ? '#mail-add' : '#mail-body')?.focus();
  }, [needsTo, start.adding]);

  const letter = () => ({
    to: needsTo ? to.map((c) => c.id) : undefined,
    subject: needsTo ? subject : undefined,
    body: body.replace(/\r\n?/g, '\n'),
    fileIds: files.map((f) => f.fileId),
    threadId: start.mode === 'reply' ? start.threadId : undefined,
    forwardOf: start.forwardOf,
    draftId: draftId || undefined,
    add: !needsTo && added.length ? added.map((c) => c.id) : undefined,
  });
  const failed = (err: ApiError) => {
    setBusy(false);
    if (err.errors && Object.keys(err.errors).length) {
      setErrors(err.errors);
      const first = ['to', 'add', 'subject', 'body', 'fileIds'].find((k) => err.errors?.[k]);
      if (first === 'add') setAdding(true);
      const el = form.current?.querySelector<HTMLElement>(
        first === 'to' ? '#mail-find' : first === 'fileIds' ? '#mail-files' : first ? `#mail-${first}` : 'textarea',
      );
      el?.focus();
    } else {
      setErrors({});
      setNote(err.message);
      onError(err);
    }
  };
  const send = (e: Event) => {
    e.preventDefault();
    setBusy(true);
    sendLetter(letter()).then((r) => {
      setBusy(false);
      onDone(t(`${P}.done.sent`), r.threadId);
    }, failed);
  };
  const keep = () => {
    setBusy(true);
    saveDraft(letter()).then((r) => {
      setBusy(false);
      setErrors({});
      setDraftId(r.id);
      setNote(t(`${P}.done.saved`));
    }, failed);
  };
  const discard = () => {
    if (draftId) deleteDraft(draftId).then(() => onDone(t(`${P}.done.discarded`)), onError);
    else onCancel();
  };
  const pick = (e: Event) => {
    const el = e.target as HTMLInputElement;
    const list = Array.from(el.files ?? []).slice(0, MAX_FILES - files.length);
    el.value = '';
    for (const f of list) {
      uploadAttachment(f).then(
        (u) => {
          setFiles((l) => [...l, { fileId: u.fileId, name: u.name }]);
          setErrors((x) => ({ ...x, fileIds: '' }));
        },
        (err: ApiError) => (err.errors?.file ? setErrors((x) => ({ ...x, fileIds: err.errors!.file })) : onError(err)),
      );
    }
  };
  const described = (k: string) => (errors[k] ? { 'aria-invalid': 'true' as const, 'aria-describedby': `mail-${k}-error` } : {});
  const fieldError = (k: string) =>
    errors[k] ? (
      <small id={`mail-${k}-error`} class="field-error">
        {errors[k]}
      </small>
    ) : null;

  return (
    <form ref={form} class="mail__compose" onSubmit={send} aria-labelledby="mail-compose-heading" noValidate>
      <h2 id="mail-compose-heading">{t(`${P}.compose.${start.mode}`)}</h2>
      {needsTo && (
        <fieldset>
          <legend>{t(`${P}.toLabel`)}</legend>
          {to.length > 0 && (
            <ul class="mail__chosen">
              {to.map((c) => (
                <li key={c.id}>
                  {c.name}{' '}
                  <button type="button" class="secondary outline" onClick={() => setTo(to.filter((x) => x.id !== c.id))}>
                    {t(`${P}.removePerson`, { name: c.name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label for="mail-find">{t(`${P}.findPerson`)}</label>
          <input id="mail-find" type="search" value={find} onInput={(e) => setFind((e.target as HTMLInputElement).value)} {...described('to')} />
          {fieldError('to')}
          {found && found.length === 0 && <p class="muted">{t(`${P}.noContacts`)}</p>}
          {found && found.length > 0 && (
            <ul class="mail__found">
              {found
                .filter((c) => !to.some((x) => x.id === c.id))
                .slice(0, 8)
                .map((c) => (
                  <li key={c.id}>
                    <button type="button" class="secondary outline" aria-label={t(`${P}.choose`, { name: c.name })} onClick={() => setTo([...to, c])}>
                      {c.name}
                    </button>
                  </li>
                ))}
            </ul>
          )}
        </fieldset>
      )}
      {!needsTo && !adding && (
        <button type="button" class="secondary outline" aria-expanded="false" onClick={() => setAdding(true)}>
          {t(`${P}.add.open`)}
        </button>
      )}
      {!needsTo && adding && (
        <fieldset>
          <legend>{t(`${P}.add.legend`)}</legend>
          <p class="muted">{t(`${P}.add.note`)}</p>
          {added.length > 0 && (
            <ul class="mail__chosen">
              {added.map((c) => (
                <li key={c.id}>
                  {c.name}{' '}
                  <button type="button" class="secondary outline" onClick={() => setAdded(added.filter((x) => x.id !== c.id))}>
                    {t(`${P}.add.remove`, { name: c.name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label for="mail-add">{t(`${P}.add.find`)}</label>
          <input id="mail-add" type="search" value={findAdd} onInput={(e) => setFindAdd((e.target as HTMLInputElement).value)} {...described('add')} />
          {fieldError('add')}
          {foundAdd && foundAdd.length === 0 && <p class="muted">{t(`${P}.noContacts`)}</p>}
          {foundAdd && foundAdd.length > 0 && (
            <ul class="mail__found">
              {foundAdd
                .filter((c) => !people.includes(c.id) && !added.some((x) => x.id === c.id))
                .slice(0, 8)
                .map((c) => (
                  <li key={c.id}>
                    <button type="button" class="secondary outline" aria-label={t(`${P}.add.choose`, { name: c.name })} onClick={() => setAdded([...added, c])}>
                      {c.name}
                    </button>
                  </li>
                ))}
            </ul>
          )}
        </fieldset>
      )}
      {needsTo && (
        <>
          <label for="mail-subject">{t(`${P}.subject`)}</label>
          <input id="mail-subject" value={subject} maxLength={200} onInput={(e) => setSubject((e.target as HTMLInputElement).value)} {...described('subject')} />
          {fieldError('subject')}
        </>
      )}
      <label for="mail-body">{t(`${P}.body`)}</label>
      <textarea id="mail-body" rows={8} value={body} onInput={(e) => setBody((e.target as HTMLTextAreaElement).value)} {...described('body')} />
      {fieldError('body')}
      <small class="muted">{t(`${P}.length`, { count: body.length, max: MAX_BODY })}</small>
      <label for="mail-files">{t(`${P}.attach`, { max: MAX_FILES })}</label>
      <input
        id="mail-files"
        type="file"
        multiple
        disabled={files.length >= MAX_FILES}
        accept=".pdf,.doc,.docx,.png,.jpg,.jpeg,.webp,.gif"
        onChange={pick}
        {...described('fileIds')}
      />
      {fieldError('fileIds')}
      {files.length > 0 && (
        <ul>
          {files.map((f) => (
            <li key={f.fileId}>
              {f.name}{' '}
              <button type="button" class="secondary outline" onClick={() => setFiles(files.filter((x) => x.fileId !== f.fileId))}>
                {t(`${P}.removeFile`, { name: f.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" class="muted">
        {note}
      </p>
      <div class="button-row">
        <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
          {t(`${P}.send`)}
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={keep}>
          {t(`${P}.saveDraft`)}
        </button>
        <button type="button" class="secondary outline" onClick={discard}>
          {t(draftId ? `${P}.discard` : `${P}.cancel`)}
        </button>
      </div>
    </form>
  );
}

export function DashboardMail() {
  return <DashboardShell page="mail" titleKey="workspaceMail.title">{(user) => <MailApp user={user} />}</DashboardShell>;
}
