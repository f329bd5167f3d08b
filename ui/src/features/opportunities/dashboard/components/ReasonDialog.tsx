// A dialog asking for a reason (send back, suspend, decline): the reason is required unless
// `optional`; the server's message for it is shown beside the field.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../ui/Dialog';
import { D, TextArea } from './parts';

export interface ReasonRequest {
  title: string;
  action: string;
  optional?: boolean;
  /** Resolves with the field's message when the server refuses it, else undefined. */
  run: (reason: string) => Promise<string | undefined>;
}

export function ReasonDialog({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError('');
    onClose();
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!request || busy) return;
    if (!request.optional && !reason.trim()) {
      setError(t(`${D}.reason.required`));
      document.getElementById('reason-text')?.focus();
      return;
    }
    setBusy(true);
    try {
      const msg = await request.run(reason.trim());
      if (msg) {
        setError(msg);
        document.getElementById('reason-text')?.focus();
      } else close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={!!request} onClose={close} id="reason-dialog" title={request?.title ?? ''}>
      <form noValidate onSubmit={submit}>
        <TextArea
          id="reason-text"
          label={t(request?.optional ? `${D}.reason.optionalLabel` : `${D}.reason.label`)}
          value={reason}
          error={error}
          onValue={(v) => {
            setReason(v);
            setError('');
          }}
        />
        <div class="button-row">
          <button type="submit" aria-busy={busy ? 'true' : undefined}>
            {request?.action}
          </button>
          <button type="button" class="secondary outline" onClick={close}>
            {t(`${D}.reason.cancel`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
