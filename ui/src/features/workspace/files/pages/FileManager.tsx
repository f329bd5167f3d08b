import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import { type Column, Table } from '../../../../ui/Table';
import type { ApiError } from '../../../../lib/api';
import { formatDate } from '../../../../lib/formatTime';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import * as api from '../api';
import { formatSize } from '../components/format';
import { adoptStyles } from '../../../../lib/styles';
import css from '../files.css?inline';

adoptStyles(css);

type View = api.Space | 'shared' | 'trash';
type Item = { kind: 'folder'; v: api.Folder } | { kind: 'file'; v: api.FileItem };
type Layout = 'list' | 'grid';

const LAYOUT = 'gerege.files.layout';
const base = '/dashboard/file-manager';
const href = (view: View, folder = 0, trashOf: api.Space = 'me') =>
  view === 'me' && !folder
    ? base
    : `${base}?${new URLSearchParams({
        ...(view === 'trash' ? { view: 'trash', space: trashOf } : view === 'shared' ? { view: 'shared' } : { space: view }),
        ...(folder ? { folder: String(folder) } : {}),
      })}`;

/** Where the page is: the view (a space, Shared with me, the trash) and the folder, from the address. */
function useWhere() {
  const p = new URLSearchParams(useSearch());
  const space: api.Space = p.get('space') === 'org' ? 'org' : 'me';
  const v = p.get('view');
  const view: View = v === 'shared' ? 'shared' : v === 'trash' ? 'trash' : space;
  return { view, space, folder: Number(p.get('folder')) || 0 };
}

function Quota({ q }: { q: api.Listing['quota'] }) {
  const { t } = useTranslation();
  return (
    <div class="fm-quota">
      <label htmlFor="fm-quota">{t('fileManager.quota.label')}</label>
      <progress id="fm-quota" value={q.used} max={q.limit} aria-describedby="fm-quota-text" />
      <small id="fm-quota-text">
        {t('fileManager.quota.used', { used: formatSize(t, q.used), limit: formatSize(t, q.limit), free: formatSize(t, q.free) })}
      </small>
    </div>
  );
}

function Views({ view, space, hasOrg }: { view: View; space: api.Space; hasOrg: boolean }) {
  const { t } = useTranslation();
  const tabs: [View, string][] = [['me', href('me')]];
  if (hasOrg) tabs.push(['org', href('org')]);
  tabs.push(['shared', href('shared')], ['trash', href('trash', 0, view === 'org' ? 'org' : space)]);
  return (
    <nav class="fm-views" aria-label={t('fileManager.views.label')}>
      {tabs.map(([v, h]) => (
        <Link key={v} href={h} aria-current={v === view ? 'page' : undefined}>
          {t(`fileManager.views.${v}`)}
        </Link>
      ))}
    </nav>
  );
}

interface Upload {
  key: number;
  name: string;
  percent: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string;
}

/** The uploads in progress and done: a progress bar each, announced politely. */
function Uploads({ list, onClear }: { list: Upload[]; onClear: () => void }) {
  const { t } = useTranslation();
  if (!list.length) return null;
  return (
    <section class="fm-uploads" aria-labelledby="fm-uploads-title">
      <h2 id="fm-uploads-title">{t('fileManager.uploads.title')}</h2>
      <ul>
        {list.map((u) => (
          <li key={u.key} data-state={u.state}>
            <span class="fm-uploads__name">{u.name}</span>
            <progress value={u.state === 'failed' ? 0 : u.percent} max={100} aria-label={u.name} />
            <small role={u.state === 'failed' ? 'alert' : undefined}>
              {u.state === 'uploading'
                ? t('fileManager.uploads.progress', { percent: u.percent })
                : u.state === 'done'
                  ? t('fileManager.uploads.done')
                  : t('fileManager.uploads.failed', { message: u.message })}
            </small>
          </li>
        ))}
      </ul>
      {list.every((u) => u.state !== 'uploading') && (
        <button type="button" class="secondary outline" onClick={onClear}>
          {t('fileManager.uploads.dismiss')}
        </button>
      )}
    </section>
  );
}

/** Rename or move one item: a small form above the list, focused when it opens. */
function EditPanel({ edit, space, onDone }: { edit: { mode: 'rename' | 'move'; item: Item }; space: api.Space; onDone: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { mode, item } = edit;
  const [name, setName] = useState(item.v.name);
  const [target, setTarget] = useState('0');
  const [folders, setFolders] = useState<api.Folder[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => {
    first.current?.querySelector<HTMLElement>('input, select')?.focus();
    if (mode === 'move') api.listFolders(space).then((l) => setFolders(l.folders), (e: ApiError) => setError(e.message));
  }, [mode, space]);
  const id = item.v.id;
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    const body = mode === 'rename' ? { name } : { folderId: Number(target) };
    try {
      const v = item.kind === 'folder' ? await api.changeFolder(id, body) : await api.changeFile(id, body);
      toast.success(t(mode === 'rename' ? 'fileManager.actions.renamed' : 'fileManager.actions.moved', { name: v.name }));
      onDone(true);
    } catch (err) {
      const e = err as ApiError;
      onApiError(e);
      setError(e.errors?.name ?? e.errors?.folderId ?? e.message);
      first.current?.querySelector<HTMLElement>('input, select')?.focus();
    } finally {
      setBusy(false);
    }
  };
  const options = folders
    .filter((f) => item.kind === 'file' || f.id !== id)
    .map((f) => ({ value: String(f.id), label: f.name }));
  return (
    <form class="fm-edit" onSubmit={submit} aria-labelledby="fm-edit-title">
      <h2 id="fm-edit-title">{t(mode === 'rename' ? 'fileManager.actions.renameTitle' : 'fileManager.actions.moveTitle', { name: item.v.name })}</h2>
      <div ref={first}>
        {mode === 'rename' ? (
          <TextField id="fm-edit-name" name="name" label={t('fileManager.actions.newName')} value={name} maxLength={200} required
            onInput={(e) => setName(e.currentTarget.value)} error={error} />
        ) : (
          <SelectField id="fm-edit-target" name="folderId" label={t('fileManager.actions.target')} value={target} error={error}
            onChange={(e) => setTarget(e.currentTarget.value)} options={[{ value: '0', label: t('fileManager.actions.root') }, ...options]} />
        )}
      </div>
      <div class="fm-edit__buttons">
        <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
          {t(mode === 'rename' ? 'fileManager.actions.save' : 'fileManager.actions.move')}
        </button>
        <button type="button" class="secondary outline" onClick={() => onDone(false)}>
          {t('fileManager.actions.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The items of a folder, as a table or as cards, each with its actions. */
function Items({ items, layout, view, canWrite, caption, onAction }: {
  items: Item[];
  caption: string;
  layout: Layout;
  view: View;
  canWrite: boolean;
  onAction: (action: 'rename' | 'move' | 'delete' | 'restore' | 'purge', item: Item) => void;
}) {
  const { t } = useTranslation();
  const link = (it: Item) =>
    it.kind === 'folder' && view !== 'trash' ? (
      <Link href={href(view, it.v.id)} class="fm-name fm-name--folder">{it.v.name}</Link>
    ) : it.kind === 'file' && view !== 'trash' ? (
      <Link href={api.filePath(it.v.id)} class="fm-name">{it.v.name}</Link>
    ) : (
      <span class={`fm-name${it.kind === 'folder' ? ' fm-name--folder' : ''}`}>{it.v.name}</span>
    );
  const actions = (it: Item) => {
    const name = it.v.name;
    const b = (a: 'rename' | 'move' | 'delete' | 'restore' | 'purge', label: string) => (
      <button type="button" class="secondary outline fm-action" aria-label={t('fileManager.actions.label', { action: t(`fileManager.actions.${a}`), name })} onClick={() => onAction(a, it)}>
        {label}
      </button>
    );
    if (!canWrite || view === 'shared') return null;
    if (view === 'trash')
      return (
        <>
          {b('restore', t('fileManager.actions.restore'))}
          {b('purge', t('fileManager.actions.purge'))}
        </>
      );
    return (
      <>
        {b('rename', t('fileManager.actions.rename'))}
        {b('move', t('fileManager.actions.move'))}
        {b('delete', t('fileManager.actions.delete'))}
      </>
    );
  };
  const size = (it: Item) => (it.kind === 'file' ? formatSize(t, it.v.size) : t('fileManager.list.folder'));
  const when = (it: Item) =>
    view === 'trash'
      ? formatDate(t, it.v.trashedAt ?? undefined)
      : view === 'shared' && it.kind === 'file'
        ? it.v.sharedBy
        : formatDate(t, it.v.updatedAt);
  const whenHeader = view === 'trash' ? 'deleted' : view === 'shared' ? 'sharedBy' : 'modified';
  if (layout === 'grid')
    return (
      <ul class="fm-grid">
        {items.map((it) => (
          <li key={`${it.kind}${it.v.id}`} class="fm-card">
            {link(it)}
            <small>{size(it)} · {when(it)}</small>
            <div class="fm-card__actions">{actions(it)}</div>
          </li>
        ))}
      </ul>
    );
  const columns: Column<Item>[] = [
    { key: 'name', header: t('fileManager.list.name'), cell: link },
    { key: 'size', header: t('fileManager.list.size'), cell: size },
    { key: 'when', header: t(`fileManager.list.${whenHeader}`), cell: when },
  ];
  if (view === 'trash') columns.push({ key: 'purge', header: t('fileManager.list.purgeAt'), cell: (it) => formatDate(t, it.v.purgeAt ?? undefined) });
  if (canWrite && view !== 'shared') columns.push({ key: 'actions', header: t('fileManager.list.actions'), cell: (it) => <div class="fm-actions">{actions(it)}</div> });
  return <Table id="fm-table" caption={caption} columns={columns} rows={items} rowKey={(it) => `${it.kind}${it.v.id}`} />;
}

interface Loaded {
  key: string;
  items: Item[];
  listing?: api.Listing;
  trash?: api.Trash;
}

function Manager({ hasOrg, orgName }: { hasOrg: boolean; orgName: string }) {
  const { t } = useTranslation();
  const { view, space, folder } = useWhere();
  const key = `${view}:${space}:${folder}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [reload, setReload] = useState(0);
  const [layout, setLayout] = useState<Layout>(() => (typeof localStorage !== 'undefined' && localStorage.getItem(LAYOUT) === 'grid' ? 'grid' : 'list'));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [editing, setEdit] = useState<{ mode: 'rename' | 'move'; item: Item; key: string } | null>(null);
  const edit = editing?.key === key ? editing : null; // a rename or move ends when the folder changes
  const [folderName, setFolderName] = useState('');
  const [folderError, setFolderError] = useState('');
  const [dragging, setDragging] = useState(false);
  const seq = useRef(0);

  useEffect(() => {
    let live = true;
    const fail = (e: ApiError) => {
      onApiError(e);
      if (live) setError(e.message || t('fileManager.list.loadFailed'));
    };
    const done = (l: Loaded) => {
      if (!live) return;
      setError('');
      setLoaded(l);
    };
    if (view === 'shared') {
      api.listShared().then((l) => done({ key, items: l.files.map((v) => ({ kind: 'file', v })) }), fail);
    } else if (view === 'trash') {
      api.listTrash(space).then(
        (l) => done({ key, trash: l, items: [...l.folders.map((v): Item => ({ kind: 'folder', v })), ...l.files.map((v): Item => ({ kind: 'file', v }))] }),
        fail,
      );
    } else {
      api.listFiles(view, folder).then(
        (l) => done({ key, listing: l, items: [...l.folders.map((v): Item => ({ kind: 'folder', v })), ...l.files.map((v): Item => ({ kind: 'file', v }))] }),
        fail,
      );
    }
    return () => {
      live = false;
    };
  }, [key, view, space, folder, reload, t]);

  const refresh = () => setReload((n) => n + 1);
  const current = loaded?.key === key ? loaded : null;
  const canWrite = view === 'shared' ? false : (current?.listing?.canWrite ?? current?.trash?.canWrite ?? false);

  const uploadAll = (files: FileList | File[]) => {
    const list = Array.from(files);
    if (!list.length || view === 'shared' || view === 'trash') return;
    const batch = list.map((f) => ({ key: ++seq.current, name: f.name, percent: 0, state: 'uploading' as const }));
    setUploads((u) => [...u, ...batch]);
    const set = (k: number, patch: Partial<Upload>) => setUploads((u) => u.map((x) => (x.key === k ? { ...x, ...patch } : x)));
    list.forEach((f, i) => {
      const k = batch[i].key;
      api.upload(view, folder, f, (percent) => set(k, { percent })).then(
        () => {
          set(k, { state: 'done', percent: 100 });
          refresh();
        },
        (e: ApiError) => {
          onApiError(e);
          set(k, { state: 'failed', message: e.message });
        },
      );
    });
  };

  const makeFolder = async (e: Event) => {
    e.preventDefault();
    if (view !== 'me' && view !== 'org') return;
    try {
      const f = await api.createFolder(view, folder, folderName.trim());
      setFolderName('');
      setFolderError('');
      toast.success(t('fileManager.actions.created', { name: f.name }));
      refresh();
    } catch (err) {
      const x = err as ApiError;
      onApiError(x);
      setFolderError(x.errors?.name ?? x.message);
      document.getElementById('fm-new-folder')?.focus();
    }
  };

  const onAction = async (action: 'rename' | 'move' | 'delete' | 'restore' | 'purge', it: Item) => {
    if (action === 'rename' || action === 'move') return setEdit({ mode: action, item: it, key });
    if (action === 'purge' && !window.confirm(t('fileManager.actions.confirmPurge', { name: it.v.name }))) return;
    const folderKind = it.kind === 'folder';
    try {
      if (action === 'delete') await (folderKind ? api.trashFolder(it.v.id) : api.trashFile(it.v.id));
      if (action === 'restore') await (folderKind ? api.restoreFolder(it.v.id) : api.restoreFile(it.v.id));
      if (action === 'purge') await (folderKind ? api.purgeFolder(it.v.id) : api.purgeFile(it.v.id));
      const key = action === 'delete' ? 'deleted' : action === 'restore' ? 'restored' : 'purged';
      toast.success(t(`fileManager.actions.${key}`, { name: it.v.name, days: current?.trash?.retentionDays ?? 30 }));
      refresh();
    } catch (err) {
      const x = err as ApiError;
      onApiError(x);
      toast.error(x.message);
    }
  };

  const setLayoutKept = (l: Layout) => {
    setLayout(l);
    try {
      localStorage.setItem(LAYOUT, l);
    } catch {
      /* private mode: the choice lasts for the page */
    }
  };

  const writable = canWrite && (view === 'me' || view === 'org');
  const listing = current?.listing;
  const quota = listing?.quota ?? current?.trash?.quota;
  const spaceTitle = view === 'org' && orgName ? `${t('fileManager.views.org')} · ${orgName}` : t(`fileManager.views.${view}`);
  const emptyKey = view === 'shared' ? 'emptyShared' : view === 'trash' ? 'emptyTrash' : 'empty';

  return (
    <div class="fm">
      <Views view={view} space={space} hasOrg={hasOrg} />
      {view === 'trash' && hasOrg && (
        <nav class="fm-views" aria-label={t('fileManager.views.trash')}>
          {(['me', 'org'] as const).map((sp) => (
            <Link key={sp} href={href('trash', 0, sp)} aria-current={sp === space ? 'page' : undefined}>
              {t(`fileManager.views.${sp}`)}
            </Link>
          ))}
        </nav>
      )}
      {quota && view !== 'shared' && <Quota q={quota} />}
      {listing && (
        <nav aria-label={t('fileManager.crumbs')} class="fm-crumbs">
          <ol>
            <li>
              <Link href={href(view)} aria-current={listing.path.length === 0 ? 'page' : undefined}>{spaceTitle}</Link>
            </li>
            {listing.path.map((c, i) => (
              <li key={c.id}>
                <Link href={href(view, c.id)} aria-current={i === listing.path.length - 1 ? 'page' : undefined}>{c.name}</Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {listing && !listing.canWrite && <Alert variant="info">{t('fileManager.readOnly')}</Alert>}
      {writable && (
        <div class="fm-toolbar">
          <form class="fm-newfolder" onSubmit={makeFolder}>
            <TextField id="fm-new-folder" name="name" label={t('fileManager.toolbar.newFolder')} value={folderName} maxLength={200} required
              onInput={(e) => setFolderName(e.currentTarget.value)} error={folderError} />
            <button type="submit">{t('fileManager.toolbar.create')}</button>
          </form>
          <label class="fm-upload">
            {t('fileManager.toolbar.upload')}
            <input
              type="file"
              multiple
              name="file"
              onChange={(e) => {
                uploadAll(e.currentTarget.files ?? []);
                e.currentTarget.value = '';
              }}
            />
          </label>
        </div>
      )}
      <div class="fm-layout" role="group" aria-label={t('fileManager.toolbar.layout')}>
        {(['list', 'grid'] as const).map((l) => (
          <button key={l} type="button" class="secondary outline" aria-pressed={layout === l ? 'true' : 'false'} onClick={() => setLayoutKept(l)}>
            {t(`fileManager.toolbar.${l}`)}
          </button>
        ))}
      </div>
      <Uploads list={uploads} onClear={() => setUploads((u) => u.filter((x) => x.state === 'uploading'))} />
      {edit && (view === 'me' || view === 'org') && (
        <EditPanel
          edit={edit}
          space={view}
          onDone={(changed) => {
            setEdit(null);
            if (changed) refresh();
          }}
        />
      )}
      {error && (
        <Alert variant="error">
          {error}{' '}
          <button type="button" class="secondary outline" onClick={refresh}>
            {t('fileManager.list.retry')}
          </button>
        </Alert>
      )}
      <div
        class={`fm-drop${dragging ? ' fm-drop--over' : ''}`}
        aria-busy={current ? 'false' : 'true'}
        onDragOver={(e) => {
          if (!writable) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          if (!writable) return;
          e.preventDefault();
          setDragging(false);
          uploadAll(e.dataTransfer?.files ?? []);
        }}
      >
        {writable && <p class="muted fm-drop__hint">{t('fileManager.toolbar.drop')}</p>}
        {current &&
          (current.items.length ? (
            <Items items={current.items} layout={layout} view={view} caption={spaceTitle} canWrite={view === 'trash' ? canWrite : writable} onAction={onAction} />
          ) : (
            <p class="fm-empty">{t(`fileManager.list.${emptyKey}`)}</p>
          ))}
      </div>
    </div>
  );
}

export function FileManager() {
  return (
    <DashboardShell page="fileManager" titleKey="fileManager.title">
      {(user) => <Manager hasOrg={!!user.organization && ['owner', 'manager', 'counselor'].includes(user.organization.role)} orgName={user.organization?.name ?? ''} />}
    </DashboardShell>
  );
}
