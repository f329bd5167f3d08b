// The report dialog and the block-or-mute dialog (loaded on the first click of their buttons).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog';
import type { ApiError } from '../../../lib/api';
import { onApiError } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { report, setBlock, setMute } from './api';
import type { ReportTarget } from './ReportButton';

export const REASONS = ['spam', 'harassment', 'hate', 'violence', 'sexual', 'misinformation', 'illegal', 'other'] as const;

type Open = { kind: 'report'; target: ReportTarget; id: number } | { kind: 'person'; userId: number; name: string };

export function Dialogs({ open, onClose }: { open: Open; onClose: () => void }) {
  return open.kind === 'report' ? <ReportDialog target={open.target} id={open.id} onClose={onClose} /> : <PersonDialog userId={open.userId} name={open.name} onClose={onClose} />;
}

const R = 'moderation.ui.dialogs.report';

function ReportDialog({ target, id, onClose }: { target: ReportTarget; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      await report({ targetType: target, targetId: id, reason: reason as (typeof REASONS)[number], note });
      toast.success(t(`${R}.sent`));
      onClose();
    } catch (err) {
      const a = err as ApiError;
      onApiError(a);
      const fields = a.errors ?? {};
      setErrors(fields);
      // The form shows the reason's and the note's messages beside them; a message about the
      // item itself (one's own content: targetId) has no field here, so it goes above the form.
      const other = Object.entries(fields).filter(([k]) => k !== 'reason' && k !== 'note').map(([, v]) => v);
      setMessage(other.length ? other.join(' ') : fields.reason || fields.note ? '' : a.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} id="report-dialog" title={t(`${R}.title`, { target: t(`moderation.ui.labels.targets.${target}`) })}>
      <form onSubmit={send} noValidate>
        <p>{t(`${R}.intro`)}</p>
        {message && (
          <p role="alert" class="mod-error">
            {message}
          </p>
        )}
        <fieldset aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
          <legend>{t(`${R}.reason`)}</legend>
          {REASONS.map((r) => (
            <label key={r}>
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} /> {t(`moderation.ui.labels.reasons.${r}`)}
            </label>
          ))}
          {errors.reason && (
            <small id="report-reason-error" role="alert">
              {errors.reason}
            </small>
          )}
        </fieldset>
        <label for="report-note">{t(`${R}.note`)}</label>
        <textarea id="report-note" rows={3} value={note} maxLength={1000} onInput={(e) => setNote(e.currentTarget.value)}
          aria-invalid={errors.note ? 'true' : undefined} aria-describedby={errors.note ? 'report-note-error' : undefined} />
        {errors.note && <small id="report-note-error">{errors.note}</small>}
        <footer>
          <button type="button" class="secondary" onClick={onClose}>
            {t(`${R}.cancel`)}
          </button>{' '}
          <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
            {t(`${R}.send`)}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}

const P = 'moderation.ui.dialogs.person';

function PersonDialog({ userId, name, onClose }: { userId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const act = async (kind: 'block' | 'mute') => {
    try {
      await (kind === 'block' ? setBlock(userId, true) : setMute(userId, true));
      toast.success(t(`${P}.${kind === 'block' ? 'blocked' : 'muted'}`, { name }));
      onClose();
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    }
  };
  return (
    <Dialog open onClose={onClose} id="person-dialog" title={t(`${P}.title`, { name })}>
      <p>
        <button type="button" onClick={() => act('block')}>
          {t(`${P}.block`)}
        </button>
      </p>
      <p>{t(`${P}.blockHint`)}</p>
      <p>
        <button type="button" class="secondary" onClick={() => act('mute')}>
          {t(`${P}.mute`)}
        </button>
      </p>
      <p>{t(`${P}.muteHint`)}</p>
      <footer>
        <button type="button" class="secondary outline" onClick={onClose}>
          {t(`${P}.cancel`)}
        </button>
      </footer>
    </Dialog>
  );
}
