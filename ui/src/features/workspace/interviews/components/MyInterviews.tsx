// The interviews of one application on the applicant's page (/dashboard/applications): the
// time in Ulaanbaatar, where, the note; confirm, ask for another time (with a message) or
// cancel (with a reason). The same calls are the mobile app's (/api/me/interviews).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../../lib/api';
import { FormMessage, useForm } from '../../../../lib/form';
import { toast } from '../../../../lib/toast';
import { TextInput } from '../../../../ui/fields/inputs';
import { askChange, cancelMine, confirmInterview, type Interview } from '../api';
import { Facts, I } from './Facts';

function MessageForm({ v, what, onDone, onClose }: { v: Interview; what: 'change' | 'cancel'; onDone: (x: Interview) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const name = what === 'change' ? 'message' : 'reason';
  const form = useForm({ text: '' });
  const { attach } = form;
  const send = form.submit(async () => {
    try {
      const x = what === 'change' ? await askChange(v.id, form.values.text) : await cancelMine(v.id, form.values.text);
      toast.success(t(what === 'change' ? `${I}.askSent` : `${I}.cancelledToast`));
      onDone(x);
    } catch (err) {
      const e = err as ApiError;
      form.failWith(e.errors?.[name] ? { ...e, errors: { text: e.errors[name] } } : e);
    }
  });
  const id = `iv-${v.id}-${what}`;
  return (
    <form ref={attach} noValidate onSubmit={send}>
      <FormMessage message={form.message} />
      <TextInput
        id={id}
        name="text"
        label={t(what === 'change' ? `${I}.askLabel` : `${I}.cancelReason`)}
        value={form.values.text}
        error={form.errors.text}
        onValue={(x) => form.set('text', x)}
        autoComplete="off"
        rows={2}
        required
      />
      <div class="button-row">
        <button type="submit" class={what === 'cancel' ? 'secondary' : undefined} aria-busy={form.busy ? 'true' : undefined}>
          {t(what === 'change' ? `${I}.askSend` : `${I}.cancelSubmit`)}
        </button>
        <button type="button" class="secondary outline" onClick={onClose}>
          {t(`${I}.form.close`)}
        </button>
      </div>
    </form>
  );
}

function One({ v, onChanged }: { v: Interview; onChanged: (x: Interview) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'' | 'change' | 'cancel'>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const confirm = () => {
    if (busy) return;
    setBusy(true);
    setError('');
    confirmInterview(v.id)
      .then(
        (x) => {
          toast.success(t(`${I}.confirmedToast`));
          onChanged(x);
        },
        (err: ApiError) => setError(err.message),
      )
      .finally(() => setBusy(false));
  };
  const done = (x: Interview) => {
    setMode('');
    onChanged(x);
  };
  return (
    <div class="iv-one">
      <Facts v={v} staff={false} />
      <FormMessage message={error} />
      {mode === '' && (v.canConfirm || v.canAskChange || v.canCancel) && (
        <div class="button-row">
          {v.canConfirm && (
            <button type="button" aria-busy={busy ? 'true' : undefined} onClick={confirm}>
              {t(`${I}.confirm`)}
            </button>
          )}
          {v.canAskChange && (
            <button type="button" class="secondary" onClick={() => setMode('change')}>
              {t(`${I}.askChange`)}
            </button>
          )}
          {v.canCancel && (
            <button type="button" class="secondary outline" onClick={() => setMode('cancel')}>
              {t(`${I}.cancel`)}
            </button>
          )}
        </div>
      )}
      {mode !== '' && <MessageForm v={v} what={mode} onDone={done} onClose={() => setMode('')} />}
    </div>
  );
}

/** The application's interviews (the newest first); nothing when it has none. */
export function MyInterviews({ items, onChanged }: { items: Interview[]; onChanged: (x: Interview) => void }) {
  const { t } = useTranslation();
  if (!items.length) return null;
  return (
    <section class="iv" aria-label={t(`${I}.title`)}>
      <h3>{t(`${I}.title`)}</h3>
      {items.map((v) => (
        <One key={v.id} v={v} onChanged={onChanged} />
      ))}
    </section>
  );
}
