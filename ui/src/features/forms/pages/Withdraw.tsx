// /support-center/delete-submission: someone who sent a form asks for it to be deleted, with
// the reference from their confirmation email and the email address they used. The answer is
// the same whether or not they match (nobody learns who sent what); staff check and delete.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../ui/Alert';
import { TextField } from '../../../ui/fields/TextField';
import { type ApiError, post } from '../../../lib/api';
import { FormMessage, useForm } from '../../../lib/form';
import { useFillFromQuery, useQuery } from '../../../lib/query';
import { checkEmail } from '../../accounts/validate';
import { PageIntro } from '../../site/components/parts';

const W = 'forms.withdraw';
/** What a reference looks like: CVP-2026-000123 (form prefix, year, number). */
const REFERENCE = /^[A-Z]{3}-\d{4}-\d{6}$/;

export function WithdrawSubmission() {
  const { t } = useTranslation();
  const form = useForm({ reference: '', email: '' });
  const { attach } = form;
  const [sent, setSent] = useState('');
  const query = useQuery();
  useFillFromQuery(form, query, (q) => ({ reference: q.get('reference')?.toUpperCase() }));

  const onSubmit = form.submit(async () => {
    const reference = form.values.reference.trim().toUpperCase();
    const errors: Record<string, string> = {};
    if (!reference) errors.reference = t('validation.required');
    else if (!REFERENCE.test(reference)) errors.reference = t(`${W}.referenceFormat`);
    const email = checkEmail(t, form.values.email);
    if (email) errors.email = email;
    if (Object.keys(errors).length) return form.fail(errors);
    try {
      const res = await post<{ message?: string }>('/forms/deletion-requests', { reference, email: form.values.email.trim() });
      setSent(res?.message ?? t(`${W}.sent`));
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });

  return (
    <>
      <PageIntro title={t(`${W}.title`)} lead={t(`${W}.lead`)} />
      <div role="status">{sent && <Alert variant="success">{sent}</Alert>}</div>
      {!sent && (
        <form ref={attach} noValidate onSubmit={onSubmit} class="withdraw-form">
          <FormMessage message={form.message} />
          <TextField
            id="withdraw-reference"
            label={t(`${W}.reference`)}
            hint={t(`${W}.referenceHint`)}
            autoComplete="off"
            required
            {...form.text('reference')}
          />
          <TextField id="withdraw-email" type="email" label={t(`${W}.email`)} hint={t(`${W}.emailHint`)} autoComplete="email" required {...form.text('email')} />
          <button type="submit" aria-busy={form.busy ? 'true' : undefined} aria-disabled={form.busy ? 'true' : undefined}>
            {form.busy ? t(`${W}.sending`) : t(`${W}.submit`)}
          </button>
        </form>
      )}
      <p class="muted">
        {t(`${W}.noReference`)} <Link href="/support-center">{t(`${W}.support`)}</Link>
      </p>
    </>
  );
}
