import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { TextField } from '../../../../ui/fields/TextField';
import { type ApiError, post } from '../../../../lib/api';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { AuthCard } from '../../components/AuthCard';
import { checkEmail } from '../../validate';

/** /auth/forgot-password: the same confirmation whether or not the email has an account. */
export function ForgotPassword() {
  const { t } = useTranslation();
  const form = useForm({ email: '' });
  const { attach } = form;
  const [sent, setSent] = useState('');

  const onSubmit = form.submit(async () => {
    const email = checkEmail(t, form.values.email);
    if (email) return form.fail({ email });
    try {
      const res = await post<{ message?: string }>('/auth/forgot-password', { email: form.values.email.trim() });
      setSent(res?.message ?? t('auth.forgot.sent'));
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });

  return (
    <AuthCard title={t('auth.forgot.heading')} lead={sent ? undefined : t('auth.forgot.lead')}>
      <div role="status">
        {sent && (
          <>
            <Alert variant="success">{sent}</Alert>
            <p>
              <Link href={`/auth/new-password?email=${encodeURIComponent(form.values.email.trim())}`} class="button-link">
                {t('auth.forgot.enterCode')}
              </Link>
            </p>
          </>
        )}
      </div>
      {!sent && (
        <form ref={attach} noValidate onSubmit={onSubmit}>
          <FormMessage message={form.message} />
          <TextField id="forgot-email" type="email" label={t('auth.forgot.email')} autoComplete="email" required {...form.text('email')} />
          <SubmitButton busy={form.busy}>{t('auth.forgot.submit')}</SubmitButton>
        </form>
      )}
      <p>
        <Link href="/auth/login">{t('auth.forgot.back')}</Link>
      </p>
    </AuthCard>
  );
}
