// The Cultural Volunteer Program registration (/programs/cultural-volunteer/register): eight
// titled sections with a progress indicator, a review step, and a draft kept as you type.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Answers, CONDITIONAL_FIELDS } from '../components/Answers';
import { ContactRows } from '../components/ContactRows';
import { FormFrame } from '../components/FormFrame';
import { CheckInputs, RadioInputs, SelectInput, TextInput } from '../../../ui/fields/inputs';
import { countryOptions } from '../components/labels';
import { useSections } from '../../../lib/sections';
import { nameOrder } from '../../../lib/names';
import { LIMITS, SCHEMAS } from '../components/schemas';
import { useFormEngine } from '../components/useFormEngine';
import { list, str } from '../components/values';

const F = 'forms.volunteer';

/** The sections and their fields, in order; the review comes after them. */
export const VOLUNTEER_SECTIONS: [id: string, fields: string[]][] = [
  ['about', ['firstName', 'lastName', 'dateOfBirth', 'gender']],
  ['contact', ['phone', 'email', 'address', 'city', 'state', 'country', 'postalCode']],
  ['education', ['school', 'grade', 'major', 'gpa', 'relevantCourses']],
  ['interests', ['careerInterests', 'whyInterested', 'qualifications', 'priorExperience', 'priorCulturalExperience']],
  ['yourself', ['traits', 'traitsOther', 'strengths', 'improvementAreas', 'motivation', 'leadershipExample']],
  ['availability', ['fullDuration', 'availability', 'medicalConditions']],
  ['emergency', ['emergencyContacts']],
  ['other', ['howHeard', 'howHeardOther', 'additionalInfo']],
];

const TIMELINE = ['orientation', 'training', 'implementation'] as const;

export function VolunteerRegister() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const sections = useMemo(() => VOLUNTEER_SECTIONS.map(([, f]) => f), []);
  const e = useFormEngine({ form: 'volunteer', prefix: 'vol', sections, review: true, draft: 'sync', notInDraft: ['medicalConditions'] });
  const schema = e.schema;
  const minAge = schema.minAge ?? 16;
  const label = (name: string) => t(`${F}.fields.${name}.label`);
  const opts = (field: string) => (schema.fields[field]?.options ?? SCHEMAS.volunteer.fields[field].options ?? []).map((v) => ({ value: v, label: t(`${F}.options.${field}.${v}`) }));
  // The country names load after the page (the field is on the second step).
  const named = useSections(['data.countries']);
  const countries = useMemo(() => (named ? countryOptions(i18n, schema.countries ?? [], lang) : []), [named, i18n, lang, schema.countries]);
  const steps = [...VOLUNTEER_SECTIONS.map(([id]) => t(`${F}.sections.${id}`)), t('forms.ui.review')];
  const long = (name: string, extra: { hint?: string; required?: boolean } = {}) => (
    <TextInput {...e.text(name)} rows={4} label={label(name)} autoComplete="off" {...extra} required={extra.required ?? e.text(name).required} />
  );

  const names = {
    firstName: <TextInput key="firstName" {...e.text('firstName')} label={label('firstName')} autoComplete="given-name" />,
    lastName: <TextInput key="lastName" {...e.text('lastName')} label={label('lastName')} autoComplete="family-name" />,
  };

  const section = [
    () => (
      <>
        <div class="form-grid">{nameOrder(lang).map((n) => names[n])}</div>
        <TextInput
          {...e.text('dateOfBirth')}
          type="date"
          label={label('dateOfBirth')}
          hint={t(`${F}.fields.dateOfBirth.hint`, { age: minAge, platformAge: LIMITS.platformMinAge })}
          autoComplete="bday"
        />
        <RadioInputs {...e.choice('gender')} label={label('gender')} options={opts('gender')} />
      </>
    ),
    () => (
      <>
        <div class="form-grid">
          <TextInput {...e.text('phone')} type="tel" inputMode="tel" label={label('phone')} hint={t('forms.ui.hints.phone')} autoComplete="tel" />
          <TextInput {...e.text('email')} type="email" inputMode="email" label={label('email')} hint={t('forms.ui.hints.email')} autoComplete="email" />
        </div>
        <TextInput {...e.text('address')} label={label('address')} autoComplete="street-address" />
        <div class="form-grid">
          <TextInput {...e.text('city')} label={label('city')} autoComplete="address-level2" />
          <TextInput {...e.text('state')} label={label('state')} autoComplete="address-level1" />
        </div>
        <div class="form-grid">
          <SelectInput {...e.choice('country')} label={label('country')} options={countries} placeholder={t('forms.ui.chooseCountry')} autoComplete="country" />
          <TextInput {...e.text('postalCode')} label={label('postalCode')} autoComplete="postal-code" />
        </div>
      </>
    ),
    () => (
      <>
        <TextInput {...e.text('school')} label={label('school')} autoComplete="organization" />
        <div class="form-grid">
          <TextInput {...e.text('grade')} label={label('grade')} hint={t(`${F}.fields.grade.hint`)} autoComplete="off" />
          <TextInput {...e.text('major')} label={label('major')} autoComplete="off" />
        </div>
        <TextInput
          {...e.text('gpa')}
          inputMode="decimal"
          label={label('gpa')}
          hint={t(`${F}.fields.gpa.hint`, { max: schema.gpaMax.toFixed(1) })}
          autoComplete="off"
        />
        {long('relevantCourses')}
      </>
    ),
    () => (
      <>
        <CheckInputs {...e.choices('careerInterests')} label={label('careerInterests')} hint={t(`${F}.fields.careerInterests.hint`)} options={opts('careerInterests')} />
        {long('whyInterested')}
        {long('qualifications')}
        {long('priorExperience')}
        {long('priorCulturalExperience')}
      </>
    ),
    () => (
      <>
        <CheckInputs {...e.choices('traits')} label={label('traits')} hint={t(`${F}.fields.traits.hint`)} options={opts('traits')} />
        {list(e.values.traits).includes('other') && (
          <TextInput {...e.text('traitsOther')} required label={label('traitsOther')} autoComplete="off" />
        )}
        {long('strengths')}
        {long('improvementAreas')}
        {long('motivation')}
        {long('leadershipExample')}
      </>
    ),
    () => (
      <>
        <RadioInputs {...e.choice('fullDuration')} label={label('fullDuration')} hint={t(`${F}.fields.fullDuration.hint`)} options={opts('fullDuration')} />
        {str(e.values.fullDuration) === 'no' && long('availability', { required: true })}
        {long('medicalConditions', { hint: t(`${F}.fields.medicalConditions.hint`) })}
      </>
    ),
    () => (
      <ContactRows
        {...e.group('emergencyContacts')}
        legend={label('emergencyContacts')}
        hint={t(`${F}.fields.emergencyContacts.hint`, { max: schema.maxContacts })}
        addLabel={t(`${F}.fields.emergencyContacts.add`)}
      />
    ),
    () => (
      <>
        <RadioInputs {...e.choice('howHeard')} label={label('howHeard')} options={opts('howHeard')} />
        {str(e.values.howHeard) === 'other' && <TextInput {...e.text('howHeardOther')} required label={label('howHeardOther')} autoComplete="off" />}
        {long('additionalInfo')}
      </>
    ),
  ];

  const review = () => (
    <div class="form-review">
      <p>{t('forms.ui.reviewLead')}</p>
      {VOLUNTEER_SECTIONS.map(([id, fields], i) => (
        <section key={id} aria-labelledby={`vol-review-${id}`} class="form-review__section">
          <div class="form-review__head">
            <h3 id={`vol-review-${id}`}>{steps[i]}</h3>
            <button type="button" class="secondary outline" onClick={() => e.goTo(i)} aria-describedby={`vol-review-${id}`}>
              {t('forms.ui.edit')}
            </button>
          </div>
          <Answers id={`vol-review-${id}`} form="volunteer" answers={e.values} fields={fields} skipEmpty={CONDITIONAL_FIELDS} />
        </section>
      ))}
    </div>
  );

  return (
    <>
      <header class="page-intro">
        <h1>{t(`${F}.title`)}</h1>
        <p class="lead">{t(`${F}.lead`)}</p>
      </header>
      {!e.receipt && (
        <section class="form-context" aria-labelledby="vol-context-h">
          <h2 id="vol-context-h">{t(`${F}.timeline.heading`)}</h2>
          <ul>
            {TIMELINE.map((phase) => (
              <li key={phase}>{t(`${F}.timeline.${phase}`)}</li>
            ))}
          </ul>
          <p>{t(`${F}.ages`, { age: minAge, platformAge: LIMITS.platformMinAge })}</p>
          <p>
            <Link href="/programs/cultural-volunteer">{t(`${F}.about`)}</Link>
          </p>
        </section>
      )}
      <FormFrame engine={e} submitLabel={t(`${F}.submit`)} steps={steps} label={t(`${F}.title`)}>
        {e.step < section.length ? section[e.step]() : review()}
      </FormFrame>
    </>
  );
}
