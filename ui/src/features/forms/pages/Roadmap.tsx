// The Road Map Program registration (/programs/road-map/register): the pupil, where they want
// to study, and at least one parent or guardian; a draft is kept as you type.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ContactRows } from '../components/ContactRows';
import { FormFrame } from '../components/FormFrame';
import { TextInput } from '../../../ui/fields/inputs';
import { nameOrder } from '../../../lib/names';
import { useFormEngine } from '../components/useFormEngine';

const F = 'forms.roadmap';

export function RoadmapRegister() {
  const { t, i18n } = useTranslation();
  const e = useFormEngine({ form: 'roadmap', prefix: 'rmp', draft: 'sync' });
  const label = (name: string) => t(`${F}.fields.${name}.label`);
  const names = {
    firstName: <TextInput key="firstName" {...e.text('firstName')} label={label('firstName')} autoComplete="given-name" />,
    lastName: <TextInput key="lastName" {...e.text('lastName')} label={label('lastName')} autoComplete="family-name" />,
  };
  return (
    <>
      <header class="page-intro">
        <h1>{t(`${F}.title`)}</h1>
        <p class="lead">{t(`${F}.lead`)}</p>
        <p>
          <Link href="/programs/road-map">{t(`${F}.about`)}</Link>
        </p>
      </header>
      <FormFrame engine={e} submitLabel={t(`${F}.submit`)} label={t(`${F}.title`)}>
        <fieldset class="form-part">
          <legend>{t(`${F}.parts.pupil`)}</legend>
          <div class="form-grid">{nameOrder(i18n.language).map((n) => names[n])}</div>
          <div class="form-grid">
            <TextInput {...e.text('school')} label={label('school')} autoComplete="organization" />
            <TextInput {...e.text('class')} label={label('class')} hint={t(`${F}.fields.class.hint`)} autoComplete="off" />
          </div>
          <TextInput {...e.text('destination')} label={label('destination')} hint={t(`${F}.fields.destination.hint`)} autoComplete="off" />
          <div class="form-grid">
            <TextInput {...e.text('phone')} type="tel" inputMode="tel" label={label('phone')} hint={t('forms.ui.hints.phone')} autoComplete="tel" />
            <TextInput {...e.text('email')} type="email" inputMode="email" label={label('email')} hint={t('forms.ui.hints.email')} autoComplete="email" />
          </div>
        </fieldset>
        <ContactRows
          {...e.group('guardians')}
          legend={label('guardians')}
          hint={t(`${F}.fields.guardians.hint`, { max: e.schema.maxContacts })}
          addLabel={t(`${F}.fields.guardians.add`)}
        />
      </FormFrame>
    </>
  );
}
