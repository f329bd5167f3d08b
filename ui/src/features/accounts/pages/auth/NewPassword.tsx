import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { TextField } from '../../../../ui/fields/TextField';
import { type ApiError, post } from '../../../../lib/api';
import { session } from '../../../../lib/session';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { AuthCard } from '../../components/AuthCard';
import { useFillFromQuery, useQuery } from '../../../../lib/query';
import { checkEmail, checkPassword } from '../../validate';

/**
 * /auth/new-password: email + emailed code + new password, or ?token= from the email's link +
 * new password. Every device of the account is signed out afterwards.
 */
export function NewPassword() {
  const { t } = useTranslation();
  const query = useQuery();
  const token = query?.get('token') ?? '';
  const form = useForm({ email: '', code: '', password: '' });
  const { attach } = form;
  const [done, setDone] = useState('');

  useFillFromQuery(form, query, (q) => ({ email: q.get('email') }));

  const onSubmit = form.submit(async () => {
    const errors: Record<string, string> = {};
    const v = form.values;
    if (!token) {
      const email = checkEmail(t, v.email);
      if (email) errors.email = email;
      if (!/^\d{6}$/.test(v.code.trim())) errors.code = v.code.trim() ? t('auth.verify.codeFormat') : t('validation.required');
    }
    const pw = checkPassword(t, v.password);
    if (pw) errors.password = pw;
    if (Object.keys(errors).length) return form.fail(errors);
    try {
      const body = token ? { token, password: v.password } : { email: v.email.trim(), code: v.code.trim(), password: v.password };
      const res = await post<{ message?: string }>('/auth/reset-password', body);
      session.forget(); // every session of the account has ended
      setDone(res?.message ?? t('auth.reset.done'));
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });

  return (
    <AuthCard title={t('auth.newPassword.heading')} lead={done ? undefined : t(token ? 'auth.newPassword.leadLink' : 'auth.newPassword.lead')}>
      <div role="status">
        {done && (
          <>
            <Alert variant="success">{done}</Alert>
            <p>
              <Link href="/auth/login" class="button-link">
                {t('auth.newPassword.signIn')}
              </Link>
            </p>
          </>
        )}
      </div>
      {!done && (
        <form ref={attach} noValidate onSubmit={onSubmit}>
          <FormMessage message={form.message} />
          {!token && (
            <>
              <TextField id="reset-email" type="email" label={t('auth.newPassword.email')} autoComplete="email" required {...form.text('email')} />
              <TextField
                id="reset-code"
                label={t('auth.newPassword.code')}
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={6}
                required
                {...form.text('code')}
              />
            </>
          )}
          <TextField
            id="reset-password"
            type="password"
            label={t('auth.newPassword.password')}
            hint={t('auth.register.passwordHint', { min: 8 })}
            autoComplete="new-password"
            required
            {...form.text('password')}
          />
          <SubmitButton busy={form.busy}>{t('auth.newPassword.submit')}</SubmitButton>
        </form>
      )}
      {!done && (
        <p>
          <Link href="/auth/forgot-password">{t('auth.newPassword.again')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
