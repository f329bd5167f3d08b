// Contact us / request a demo (POST /api/forms/contact), for the /contact-us page.
import { useTranslation } from 'react-i18next';
import { FormFrame } from './FormFrame';
import { TextInput } from '../../../ui/fields/inputs';
import { nameOrder } from '../../../lib/names';
import { useFormEngine } from './useFormEngine';

const F = 'forms.contact';

export function ContactForm() {
  const { t, i18n } = useTranslation();
  const e = useFormEngine({ form: 'contact', prefix: 'contact', draft: 'local' });
  const label = (name: string) => t(`${F}.fields.${name}.label`);
  const names = {
    firstName: <TextInput key="firstName" {...e.text('firstName')} label={label('firstName')} autoComplete="given-name" />,
    lastName: <TextInput key="lastName" {...e.text('lastName')} label={label('lastName')} autoComplete="family-name" />,
  };
  return (
    <section id="contact-form" aria-labelledby="contact-form-h" class="form-section">
      <h2 id="contact-form-h">{t(`${F}.heading`)}</h2>
      <p>{t(`${F}.lead`)}</p>
      <FormFrame engine={e} submitLabel={t(`${F}.submit`)} label={t(`${F}.heading`)}>
        <div class="form-grid">{nameOrder(i18n.language).map((n) => names[n])}</div>
        <TextInput {...e.text('businessName')} label={label('businessName')} hint={t(`${F}.fields.businessName.hint`)} autoComplete="organization" />
        <div class="form-grid">
          <TextInput {...e.text('email')} type="email" inputMode="email" label={label('email')} hint={t('forms.ui.hints.email')} autoComplete="email" />
          <TextInput {...e.text('phoneNumber')} type="tel" inputMode="tel" label={label('phoneNumber')} hint={t('forms.ui.hints.phoneOptional')} autoComplete="tel" />
        </div>
        <TextInput {...e.text('description')} rows={6} label={label('description')} hint={t(`${F}.fields.description.hint`)} autoComplete="off" />
      </FormFrame>
    </section>
  );
}
