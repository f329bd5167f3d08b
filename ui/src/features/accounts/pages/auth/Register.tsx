import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { RadioGroup } from '../../../../ui/ChoiceGroup';
import { CheckboxField, DateField, TextField } from '../../../../ui/fields/TextField';
import { get, post } from '../../../../lib/api';
import { localize } from '../../../../lib/paths';
import type { Lang } from '../../../../lib/i18n';
import { session, type User, useSession } from '../../../../lib/session';
import { goTo, safeReturnTo } from '../../returnTo';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { AuthCard, rich } from '../../components/AuthCard';
import { useQuery } from '../../../../lib/query';
import { keepReturnTo } from './Login';
import { type AuthLimits, defaultLimits, validateRegister } from '../../validate';

/**
 * /auth/register: an individual or enterprise account. The form token is fetched when the form
 * appears (the server refuses a form sent sooner than a person can fill it); the "website"
 * field is a trap for bots that people never see.
 */
export function Register() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [, navigate] = useLocation();
  const state = useSession();
  const query = useQuery();
  const [limits, setLimits] = useState<AuthLimits>(defaultLimits);
  const formToken = useRef<Promise<string>>(Promise.resolve(''));
  const registered = useRef(false);
  const form = useForm({
    accountType: 'individual',
    organization: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    dateOfBirth: '',
    acceptTerms: false,
    website: '',
  });
  const { attach } = form;
  const v = form.values;

  useEffect(() => {
    // Sent with the form (a failure here: the server will say so when the form is sent).
    formToken.current = get<{ formToken: string }>('/web/auth/form-token').then(
      (r) => r.formToken,
      () => '',
    );
    get<AuthLimits>('/auth/schema').then(
      (s) => setLimits({ ...defaultLimits, ...s }),
      () => undefined,
    );
  }, []);

  // Already signed in: this page is not for you.
  useEffect(() => {
    if (state.status === 'signedIn' && query && !registered.current) {
      goTo(safeReturnTo(query.get('returnTo'), lang), lang, navigate, true);
    }
  }, [state.status, query, lang, navigate]);

  // Wrapped when the form is sent, not while rendering: the handler reads refs.
  const onSubmit = (e: Event) =>
    form.submit(async () => {
      const errors = validateRegister(t, v, new Date(), limits);
      if (Object.keys(errors).length) return form.fail(errors);
      try {
        const res = await post<{ user: User }>('/web/auth/register', {
          ...v,
          organization: v.accountType === 'enterprise' ? v.organization : '',
          formToken: await formToken.current,
        });
        registered.current = true;
        session.signedIn(res.user);
        navigate(keepReturnTo('/auth/verify', query));
      } catch (err) {
        form.failWith(err as never);
      }
    })(e);

  const name = (field: 'firstName' | 'lastName') => (
    <TextField
      key={field}
      id={`register-${field}`}
      label={t(`auth.register.${field}`)}
      autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
      maxLength={limits.nameMax}
      required
      {...form.text(field)}
    />
  );
  const legal = (path: string) => (inner: string) => (
    <a href={localize(lang, path)} target="_blank" rel="noopener">
      {inner}
    </a>
  );

  return (
    <AuthCard title={t('auth.register.heading')} lead={t('auth.register.lead')}>
      <form ref={attach} noValidate onSubmit={onSubmit}>
        <FormMessage message={form.message} />
        <RadioGroup
          name="accountType"
          legend={t('auth.register.accountType')}
          value={v.accountType}
          onChange={(x) => form.set('accountType', x)}
          error={form.errors.accountType}
          options={[
            { value: 'individual', label: t('auth.register.individual') },
            { value: 'enterprise', label: t('auth.register.enterprise') },
          ]}
        />
        {v.accountType === 'enterprise' && (
          <TextField
            id="register-organization"
            label={t('auth.register.organization')}
            autoComplete="organization"
            maxLength={limits.organizationMax}
            required
            {...form.text('organization')}
          />
        )}
        <div class="grid field-pair">{lang === 'mn' ? [name('lastName'), name('firstName')] : [name('firstName'), name('lastName')]}</div>
        <TextField id="register-email" type="email" label={t('auth.register.email')} autoComplete="email" required {...form.text('email')} />
        <TextField
          id="register-password"
          type="password"
          label={t('auth.register.password')}
          hint={t('auth.register.passwordHint', { min: limits.passwordMin })}
          autoComplete="new-password"
          required
          {...form.text('password')}
        />
        <DateField
          id="register-dateOfBirth"
          label={t('auth.register.dateOfBirth')}
          hint={t('auth.register.dateOfBirthHint', { age: limits.minAge })}
          autoComplete="bday"
          required
          {...form.text('dateOfBirth')}
        />
        <CheckboxField
          id="register-acceptTerms"
          name="acceptTerms"
          checked={v.acceptTerms}
          onChange={(x) => form.set('acceptTerms', x)}
          error={form.errors.acceptTerms}
          required
        >
          {rich(t('auth.register.accept'), { terms: legal('/terms'), privacy: legal('/privacy') })}
        </CheckboxField>
        <div class="visually-hidden" aria-hidden="true">
          <label for="register-website">{t('auth.register.website')}</label>
          <input
            id="register-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={v.website}
            onInput={(e) => form.set('website', e.currentTarget.value)}
          />
        </div>
        <SubmitButton busy={form.busy}>{t('auth.register.submit')}</SubmitButton>
      </form>
      <p>
        {t('auth.register.haveAccount')} <Link href={keepReturnTo('/auth/login', query)}>{t('auth.register.signIn')}</Link>
      </p>
    </AuthCard>
  );
}
