import { useTranslation } from 'react-i18next';
import { nameOrder } from '../../../../lib/names';
import { DateField, SelectField, TextField } from '../../../../ui/fields/TextField';
import { type ApiError, patch } from '../../../../lib/api';
import { session, type User } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { checkBirth, checkName, defaultLimits } from '../../validate';

/**
 * Name and language (the language of emails), and the date of birth while it is missing —
 * once given it changes only through ID verification.
 */
export function ProfileForm({ id, user }: { id: string; user: User }) {
  const { t, i18n } = useTranslation();
  const form = useForm({
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language,
    dateOfBirth: '',
  });
  const { attach } = form;
  const v = form.values;

  const onSubmit = form.submit(async () => {
    const errors: Record<string, string | undefined> = {
      firstName: checkName(t, v.firstName, defaultLimits.nameMax),
      lastName: checkName(t, v.lastName, defaultLimits.nameMax),
      dateOfBirth: user.needsDateOfBirth && v.dateOfBirth ? checkBirth(t, v.dateOfBirth, new Date()) : undefined,
    };
    const found = Object.fromEntries(Object.entries(errors).filter(([, m]) => m)) as Record<string, string>;
    if (Object.keys(found).length) return form.fail(found);
    const body: Record<string, string> = { firstName: v.firstName, lastName: v.lastName, language: v.language };
    if (user.needsDateOfBirth && v.dateOfBirth) body.dateOfBirth = v.dateOfBirth;
    try {
      session.signedIn(await patch<User>('/account', body));
      toast.success(t('dashboard.profileForm.saved'));
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });

  return (
    <form ref={attach} noValidate onSubmit={onSubmit}>
      <FormMessage message={form.message} />
      {/* Surname first in Mongolian, as on the register page and the public forms. */}
      <div class="grid field-pair">
        {nameOrder(i18n.language).map((f) => (
          <TextField
            key={f}
            id={`${id}-${f}`}
            label={t(f === 'firstName' ? 'dashboard.profileForm.firstName' : 'dashboard.profileForm.lastName')}
            autoComplete={f === 'firstName' ? 'given-name' : 'family-name'}
            required
            {...form.text(f)}
          />
        ))}
      </div>
      <SelectField
        id={`${id}-language`}
        name="language"
        label={t('dashboard.profileForm.language')}
        value={v.language}
        onChange={(e) => form.set('language', e.currentTarget.value)}
        error={form.errors.language}
        options={[
          { value: 'en', label: t('dashboard.profileForm.languages.en') },
          { value: 'mn', label: t('dashboard.profileForm.languages.mn') },
        ]}
      />
      {user.needsDateOfBirth && (
        <DateField
          id={`${id}-dateOfBirth`}
          label={t('dashboard.profileForm.dateOfBirth')}
          hint={t('dashboard.profileForm.dateOfBirthHint')}
          {...form.text('dateOfBirth')}
        />
      )}
      <SubmitButton busy={form.busy}>{t('dashboard.profileForm.save')}</SubmitButton>
    </form>
  );
}
