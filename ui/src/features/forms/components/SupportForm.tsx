// The support form (POST /api/forms/support), for the /support-center page. Signed-in users
// find their name and email filled in.
import { useTranslation } from 'react-i18next';
import { FormFrame } from './FormFrame';
import { SelectInput, TextInput } from '../../../ui/fields/inputs';
import { SCHEMAS } from './schemas';
import { useFormEngine } from './useFormEngine';

const F = 'forms.support';

export function SupportForm() {
  const { t, i18n } = useTranslation();
  const e = useFormEngine({
    form: 'support',
    prefix: 'support',
    draft: 'local',
    prefill: (u) => ({
      name: (i18n.language === 'mn' ? [u.lastName, u.firstName] : [u.firstName, u.lastName]).filter(Boolean).join(' '),
      email: u.email,
    }),
  });
  const label = (name: string) => t(`${F}.fields.${name}.label`);
  const topics = (e.schema.fields.topic?.options ?? SCHEMAS.support.fields.topic.options ?? []).map((v) => ({ value: v, label: t(`${F}.options.topic.${v}`) }));
  return (
    <section id="support-form" aria-labelledby="support-form-h" class="form-section">
      <h2 id="support-form-h">{t(`${F}.heading`)}</h2>
      <p>{t(`${F}.lead`)}</p>
      <FormFrame engine={e} submitLabel={t(`${F}.submit`)} label={t(`${F}.heading`)}>
        <div class="form-grid">
          <TextInput {...e.text('name')} label={label('name')} autoComplete="name" />
          <TextInput {...e.text('email')} type="email" inputMode="email" label={label('email')} hint={t('forms.ui.hints.email')} autoComplete="email" />
        </div>
        <SelectInput {...e.choice('topic')} label={label('topic')} options={topics} placeholder={t('forms.ui.choose')} autoComplete="off" />
        <TextInput {...e.text('message')} rows={6} label={label('message')} hint={t(`${F}.fields.message.hint`)} autoComplete="off" />
      </FormFrame>
    </section>
  );
}
