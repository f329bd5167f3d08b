import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { TextField } from '../../../../ui/fields/TextField';
import { post } from '../../../../lib/api';
import { session, type User, useSession } from '../../../../lib/session';
import { goTo, safeReturnTo } from '../../returnTo';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { AuthCard } from '../../components/AuthCard';
import { useQuery } from '../../../../lib/query';
import { checkEmail } from '../../validate';

/** "?returnTo=…" kept on links between the sign-in pages, when there is one. */
export const keepReturnTo = (path: string, query: URLSearchParams | null): string => {
  const back = query?.get('returnTo');
  return back ? `${path}?returnTo=${encodeURIComponent(back)}` : path;
};

/** /auth/login: email and password; afterwards back to returnTo (same site only) or the dashboard. */
export function Login() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const state = useSession();
  const query = useQuery();
  const form = useForm({ email: '', password: '' });
  const { attach } = form;
  const lang = i18n.language;

  // Signed in (already, or just now): go on.
  useEffect(() => {
    if (state.status === 'signedIn' && query) goTo(safeReturnTo(query.get('returnTo'), lang), lang, navigate, true);
  }, [state.status, query, lang, navigate]);

  const onSubmit = form.submit(async () => {
    const errors: Record<string, string> = {};
    const email = checkEmail(t, form.values.email);
    if (email) errors.email = email;
    if (!form.values.password) errors.password = t('validation.required');
    if (Object.keys(errors).length) return form.fail(errors);
    try {
      const res = await post<{ user: User }>('/web/auth/login', form.values);
      session.signedIn(res.user);
    } catch (err) {
      form.failWith(err as never);
    }
  });

  return (
    <AuthCard title={t('auth.login.heading')} lead={t('auth.login.lead')}>
      <form ref={attach} noValidate onSubmit={onSubmit}>
        <FormMessage message={form.message} />
        <TextField id="login-email" type="email" label={t('auth.login.email')} autoComplete="email" required {...form.text('email')} />
        <TextField
          id="login-password"
          type="password"
          label={t('auth.login.password')}
          autoComplete="current-password"
          required
          {...form.text('password')}
        />
        <p>
          <Link href="/auth/forgot-password">{t('auth.login.forgot')}</Link>
        </p>
        <SubmitButton busy={form.busy}>{t('auth.login.submit')}</SubmitButton>
      </form>
      <p>
        {t('auth.login.noAccount')} <Link href={keepReturnTo('/auth/register', query)}>{t('auth.login.register')}</Link>
      </p>
    </AuthCard>
  );
}
