import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '../../../ui/Button';
import { CheckboxField, TextField } from '../../../ui/fields/TextField';
import type { ApiError } from '../../../lib/api';
import { FormMessage, useForm } from '../../../lib/form';
import { boardApi } from '../api';
import { SENT_PATH } from '../paths';

/**
 * "Email me my results": an address and consent. The server's messages go beside the fields;
 * when the results were sent before, the person may ask again.
 */
export function EmailForm({ attemptId }: { attemptId: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const form = useForm({ email: '', consent: false });
  const { attach } = form;
  const [alreadySent, setAlreadySent] = useState(false);

  const send = (again: boolean) =>
    form.submit(async () => {
      try {
        await boardApi.email(attemptId, { email: String(form.values.email).trim(), consent: !!form.values.consent, again });
        navigate(SENT_PATH);
      } catch (e) {
        const err = e as ApiError;
        setAlreadySent(err?.code === 'already_sent');
        form.failWith(err);
      }
    });

  return (
    <section class="board-email" aria-labelledby="board-email-title">
      <h2 id="board-email-title">{t('directionBoard.email.title')}</h2>
      <p>{t('directionBoard.email.text')}</p>
      <form ref={attach} onSubmit={send(false)} noValidate>
        <TextField
          id="board-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          label={t('directionBoard.email.label')}
          {...form.text('email')}
        />
        <CheckboxField
          id="board-consent"
          name="consent"
          checked={!!form.values.consent}
          onChange={(v) => form.set('consent', v)}
          error={form.errors.consent}
          required
        >
          {t('directionBoard.email.consent')}
        </CheckboxField>
        <FormMessage message={form.message} />
        <div class="button-row">
          <button type="submit" aria-busy={form.busy ? 'true' : undefined} disabled={form.busy}>
            {form.busy ? t('directionBoard.email.sending') : t('directionBoard.email.send')}
          </button>
          {alreadySent && (
            <Button variant="secondary" onClick={(e: Event) => void send(true)(e)} disabled={form.busy}>
              {t('directionBoard.email.again')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
