import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import type { Resp } from '../../../../lib/apitypes';
import type { ApiError } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/formatTime';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import * as api from '../api';
import { formatSize } from '../components/format';
import { adoptStyles } from '../../../../lib/styles';
import css from '../files.css?inline';

adoptStyles(css);

type Shares = api.Detail['shares'];

/** Share the file with people the owner may write to, and stop sharing. */
function Sharing({ id, shares, onChange }: { id: number; shares: Shares; onChange: (s: Shares) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<{ userId: number; name: string }[] | null>(null);
  const [error, setError] = useState('');
  const fail = (err: unknown) => {
    const e = err as ApiError;
    onApiError(e);
    setError(e.errors?.userId ?? e.errors?.q ?? e.message);
  };
  const search = (e: Event) => {
    e.preventDefault();
    // What the field holds when the form is sent (not the last render's state, which a fast
    // "type, then press Find" can outrun).
    const typed = String(new FormData(e.currentTarget as HTMLFormElement).get('q') ?? q);
    api.contacts(typed.trim()).then((l) => {
      setError('');
      setFound(l.items);
    }, fail);
  };
  const add = async (userId: number, name: string) => {
    try {
      const r = await api.share(id, userId);
      onChange(r.shares);
      setError('');
      toast.success(t('fileManager.share.added', { name }));
    } catch (err) {
      fail(err);
    }
  };
  const remove = async (userId: number, name: string) => {
    try {
      const r = await api.unshare(id, userId);
      onChange(r.shares);
      toast.success(t('fileManager.share.removed', { name }));
    } catch (err) {
      fail(err);
    }
  };
  const sharedIds = new Set(shares.map((s) => s.userId));
  return (
    <section class="fm-share" aria-labelledby="fm-share-title">
      <h2 id="fm-share-title">{t('fileManager.share.title')}</h2>
      <p class="muted">{t('fileManager.share.intro')}</p>
      <form role="search" class="fm-share__search" onSubmit={search}>
        <TextField id="fm-share-q" type="search" name="q" label={t('fileManager.share.search')} value={q} maxLength={80}
          onInput={(e) => setQ(e.currentTarget.value)} error={error} />
        <button type="submit">{t('fileManager.share.find')}</button>
      </form>
      {found && (
        <ul class="fm-share__found" aria-live="polite">
          {found.length === 0 && <li>{t('fileManager.share.none')}</li>}
          {found
            .filter((c) => !sharedIds.has(c.userId))
            .map((c) => (
              <li key={c.userId}>
                <span>{c.name}</span>
                <button type="button" class="secondary" onClick={() => add(c.userId, c.name)}>
                  {t('fileManager.share.add', { name: c.name })}
                </button>
              </li>
            ))}
        </ul>
      )}
      <h3>{t('fileManager.share.with')}</h3>
      {shares.length === 0 ? (
        <p>{t('fileManager.share.nobody')}</p>
      ) : (
        <ul class="fm-share__list">
          {shares.map((s) => (
            <li key={s.userId}>
              <span>{s.name}</span>
              <button type="button" class="secondary outline" onClick={() => remove(s.userId, s.name)}>
                {t('fileManager.share.remove', { name: s.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Send the file as an attachment in one of the person's chat conversations (the chat takes a file id). */
function SendInChat({ file, me }: { file: api.FileItem; me: number }) {
  const { t } = useTranslation();
  const [list, setList] = useState<Resp<'listChatConversations'>['items'] | null>(null);
  const [target, setTarget] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.conversations().then(
      (l) => setList(l.items.filter((c) => c.member)),
      (e: ApiError) => setError(e.message),
    );
  }, []);
  const label = (c: NonNullable<typeof list>[number]) =>
    c.kind === 'support' ? t('fileManager.chat.support') : c.title || c.members.filter((m) => m.userId !== me).map((m) => m.name).join(', ');
  const send = async (e: Event) => {
    e.preventDefault();
    const conv = Number(target || list?.[0]?.id);
    if (!conv) return;
    setBusy(true);
    try {
      const copy = await api.attachmentCopy(file.id);
      await api.sendToChat(conv, copy.fileId, body.trim());
      setBody('');
      setError('');
      toast.success(t('fileManager.chat.sent', { name: label(list!.find((c) => c.id === conv)!) }));
    } catch (err) {
      const x = err as ApiError;
      onApiError(x);
      setError(x.errors?.body ?? x.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="fm-share" aria-labelledby="fm-chat-title">
      <h2 id="fm-chat-title">{t('fileManager.chat.title')}</h2>
      {list && list.length === 0 ? (
        <p>{t('fileManager.chat.none')}</p>
      ) : (
        <form onSubmit={send}>
          <p class="muted">{t('fileManager.chat.intro')}</p>
          <SelectField id="fm-chat-conv" name="conversation" label={t('fileManager.chat.conversation')} value={target || String(list?.[0]?.id ?? '')}
            onChange={(e) => setTarget(e.currentTarget.value)} options={(list ?? []).map((c) => ({ value: String(c.id), label: label(c) }))} />
          <TextField id="fm-chat-body" name="body" label={t('fileManager.chat.message')} value={body} maxLength={4000} error={error}
            onInput={(e) => setBody(e.currentTarget.value)} />
          <button type="submit" disabled={busy || !list?.length} aria-busy={busy ? 'true' : undefined}>
            {t('fileManager.chat.send')}
          </button>
        </form>
      )}
    </section>
  );
}

function Preview({ file }: { file: api.FileItem }) {
  const { t } = useTranslation();
  const src = api.previewHref(file.id);
  return (
    <section class="fm-preview" aria-labelledby="fm-preview-title">
      <h2 id="fm-preview-title">{t('fileManager.file.preview')}</h2>
      {file.preview === 'pdf' ? (
        <iframe src={src} title={t('fileManager.file.previewOf', { name: file.name })} class="fm-preview__pdf" />
      ) : file.preview === 'image' ? (
        <img src={src} alt={t('fileManager.file.previewOf', { name: file.name })} class="fm-preview__img" />
      ) : (
        <p>{t('fileManager.file.noPreview')}</p>
      )}
    </section>
  );
}

function FileView({ me, chat }: { me: number; chat: boolean }) {
  const { t } = useTranslation();
  const id = Number(new URLSearchParams(useSearch()).get('id')) || 0;
  const [state, setState] = useState<{ id: number; detail?: api.Detail; error?: string } | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    api.getFile(id).then(
      (d) => live && setState({ id, detail: d }),
      (e: ApiError) => {
        onApiError(e);
        if (live) setState({ id, error: e.status === 404 ? t('fileManager.file.notFound') : e.message });
      },
    );
    return () => {
      live = false;
    };
  }, [id, t]);
  const cur = state?.id === id ? state : null;
  const error = id ? cur?.error : t('fileManager.file.notFound');
  const detail = cur?.detail;
  if (error) return <Alert variant="error">{error}</Alert>;
  if (!detail) return <p aria-busy="true" />;
  const f = detail.file;
  const shared = f.space === 'shared';
  const folder = detail.path[detail.path.length - 1];
  const back = shared
    ? '/dashboard/file-manager?view=shared'
    : `/dashboard/file-manager${f.space === 'org' || f.folderId ? `?${new URLSearchParams({ ...(f.space === 'org' ? { space: 'org' } : {}), ...(f.folderId ? { folder: String(f.folderId) } : {}) })}` : ''}`;
  return (
    <div class="fm-file">
      <p>
        <Link href={back}>{t(shared ? 'fileManager.file.backShared' : 'fileManager.file.back')}</Link>
      </p>
      <h2 class="fm-file__name">{f.name}</h2>
      {f.trashedAt && <Alert variant="warning">{t('fileManager.file.inTrash')}</Alert>}
      <p>
        <a href={api.downloadHref(f.id)} role="button" download>
          {t('fileManager.file.download')}
        </a>
      </p>
      <div class="fm-file__body">
        <Preview file={f} />
        <section aria-labelledby="fm-details-title">
          <h2 id="fm-details-title">{t('fileManager.file.details')}</h2>
          <dl class="fm-details">
            <dt>{t('fileManager.file.type')}</dt>
            <dd>{f.mediaType}</dd>
            <dt>{t('fileManager.file.size')}</dt>
            <dd>{formatSize(t, f.size)}</dd>
            {f.uploader && (
              <>
                <dt>{t('fileManager.file.uploader')}</dt>
                <dd>{f.uploader}</dd>
              </>
            )}
            {f.sharedBy && (
              <>
                <dt>{t('fileManager.list.sharedBy')}</dt>
                <dd>{f.sharedBy}</dd>
              </>
            )}
            <dt>{t('fileManager.file.uploaded')}</dt>
            <dd>{formatDateTime(t, f.createdAt)}</dd>
            <dt>{t('fileManager.file.modified')}</dt>
            <dd>{formatDateTime(t, f.updatedAt)}</dd>
            {!shared && (
              <>
                <dt>{t('fileManager.file.location')}</dt>
                <dd>{folder ? folder.name : t(`fileManager.views.${f.space === 'org' ? 'org' : 'me'}`)}</dd>
              </>
            )}
          </dl>
        </section>
      </div>
      {detail.canWrite && !f.trashedAt && <Sharing id={f.id} shares={detail.shares} onChange={(shares) => setState({ id, detail: { ...detail, shares } })} />}
      {chat && !f.trashedAt && <SendInChat file={f} me={me} />}
    </div>
  );
}

export function FilePage() {
  return (
    <DashboardShell page="file" titleKey="fileManager.file.title">
      {(user) => <FileView me={user.id} chat={user.permissions.includes('workspace.chat')} />}
    </DashboardShell>
  );
}
