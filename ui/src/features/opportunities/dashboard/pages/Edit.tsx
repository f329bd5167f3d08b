// The posting editor (/dashboard/{job,tour}/new and /dashboard/{job,tour}/{id}/edit): every
// field of a posting (app/opportunities/rules.go, Posting), English and Mongolian side by
// side, the screening questions, pay, documents and the no-fee statement; the server's
// messages beside each field (nested ones too: "questions.2.textMn", "pay.min"). "Save draft"
// keeps a draft; "Submit for approval" saves, then asks, and lists everything still missing.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { DateField, SelectField, TextField } from '../../../../ui/fields/TextField';
import { type ApiError } from '../../../../lib/api';
import { focusFirstInvalid } from '../../../../lib/form';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';
import { createPosting, getPosting, setPostingStatus, updatePosting } from '../api';
import { countryOptions, D, EDITOR_SECTIONS, Group as FieldGroup, options, pageKey, TextArea, Loading, useSections } from '../components/parts';
import { fieldId, ProblemList } from '../components/ProblemList';
import { QuestionsEditor } from '../components/QuestionsEditor';
import {
  AUDIENCES,
  CLASSIFICATIONS,
  CURRENCIES,
  DOCUMENTS,
  type Editor,
  EMPLOYMENT_TYPES,
  EXCHANGE_TYPES,
  GROUP_KINDS,
  type Group,
  LANGUAGES,
  PAY_KINDS,
  PAY_PERIODS,
  type Posting,
  VISA_TYPES,
  WORKPLACES,
} from '../types';
import { adoptStyles } from '../../../../lib/styles';
import css from '../dashboard.css?inline';

adoptStyles(css);

export const emptyPosting = (group: Group): Posting => ({
  kind: GROUP_KINDS[group][0],
  titleEn: '',
  titleMn: '',
  descriptionEn: '',
  descriptionMn: '',
  employmentType: '',
  classification: '',
  visaType: '',
  audience: '',
  exchangeType: '',
  country: '',
  city: '',
  workplace: 'on_site',
  worksite: '',
  startDate: '',
  endDate: '',
  deadline: '',
  pay: { kind: 'not_stated', min: 0, max: 0, currency: '', period: '' },
  openings: 1,
  languages: [],
  mustHave: '',
  preferred: '',
  questions: [],
  documents: [],
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  participantCost: 0,
  costCurrency: '',
  includesEn: '',
  includesMn: '',
  noFee: false,
});

/** A whole number typed in a text field ("" is 0; anything else not a number stays as typed for the server to refuse). */
const toNumber = (s: string) => (s.trim() === '' ? 0 : Number(s.replace(/[\s,]/g, '')));
const numberText = (n: number) => (n ? String(n) : '');

type Errors = Record<string, string>;
type Set = (patch: Partial<Posting>) => void;

interface PartProps {
  p: Posting;
  set: Set;
  errors: Errors;
}

/** Props of a text field bound to a string field of the posting. */
function useBind({ p, set, errors }: PartProps) {
  const { t } = useTranslation();
  return (name: keyof Posting & string) => ({
    id: fieldId(name),
    name,
    label: t(`${D}.field.${name}`),
    value: String(p[name] ?? ''),
    error: errors[name],
    onInput: (e: { currentTarget: HTMLInputElement }) => set({ [name]: e.currentTarget.value } as Partial<Posting>),
  });
}

function Select({ name, list, values, part, placeholder = true }: { name: keyof Posting & string; list: string; values: readonly string[]; part: PartProps; placeholder?: boolean }) {
  const { t } = useTranslation();
  return (
    <SelectField
      id={fieldId(name)}
      name={name}
      label={t(`${D}.field.${name}`)}
      value={String(part.p[name] ?? '')}
      error={part.errors[name]}
      onChange={(e) => part.set({ [name]: e.currentTarget.value } as Partial<Posting>)}
      options={[
        ...(placeholder ? [{ value: '', label: t(`${D}.editor.choose`) }] : []),
        ...(list ? options(t, list, values) : values.map((v) => ({ value: v, label: v }))),
      ]}
    />
  );
}

function Pair({ children }: { children: ComponentChildren }) {
  return <div class="grid opp-pair">{children}</div>;
}

function Basics(part: PartProps & { group: Group }) {
  const { t } = useTranslation();
  const bind = useBind(part);
  const { p, set, errors } = part;
  return (
    <Section id="ed-basics" title={t(`${D}.editor.basics`)}>
      <Select name="kind" list="kinds" values={GROUP_KINDS[part.group]} part={part} placeholder={false} />
      <Pair>
        <TextField {...bind('titleEn')} maxLength={140} />
        <TextField {...bind('titleMn')} maxLength={140} />
      </Pair>
      <Pair>
        <TextArea id={fieldId('descriptionEn')} label={t(`${D}.field.descriptionEn`)} hint={t(`${D}.editor.markdown`)} rows={8} value={p.descriptionEn} error={errors.descriptionEn} onValue={(v) => set({ descriptionEn: v })} />
        <TextArea id={fieldId('descriptionMn')} label={t(`${D}.field.descriptionMn`)} hint={t(`${D}.editor.markdown`)} rows={8} value={p.descriptionMn} error={errors.descriptionMn} onValue={(v) => set({ descriptionMn: v })} />
      </Pair>
    </Section>
  );
}

function Place(part: PartProps) {
  const { t, i18n } = useTranslation();
  const bind = useBind(part);
  const { p, set, errors } = part;
  return (
    <>
      <Pair>
        <SelectField
          id={fieldId('country')}
          name="country"
          label={t(`${D}.field.country`)}
          value={p.country}
          error={errors.country}
          onChange={(e) => set({ country: e.currentTarget.value })}
          options={[{ value: '', label: t(`${D}.editor.choose`) }, ...countryOptions(i18n)]}
        />
        <TextField {...bind('city')} hint={t(`${D}.editor.cityHint`)} />
      </Pair>
      <Pair>
        <Select name="workplace" list="workplaces" values={WORKPLACES} part={part} placeholder={false} />
        <TextField {...bind('worksite')} />
      </Pair>
      {p.country && p.country !== 'MN' && <Select name="visaType" list="visaTypes" values={VISA_TYPES} part={part} />}
    </>
  );
}

function Dates(part: PartProps) {
  const bind = useBind(part);
  return (
    <Pair>
      <DateField {...bind('startDate')} />
      <DateField {...bind('endDate')} />
    </Pair>
  );
}

function Trip(part: PartProps) {
  const { t } = useTranslation();
  return (
    <Section id="ed-trip" title={t(`${D}.editor.trip`)}>
      <Dates {...part} />
      {part.p.kind === 'exchange' && <Select name="exchangeType" list="exchangeTypes" values={EXCHANGE_TYPES} part={part} />}
      <Place {...part} />
      <Cost {...part} />
    </Section>
  );
}

function Cost(part: PartProps) {
  const { t } = useTranslation();
  const { p, set, errors } = part;
  const charges = p.kind === 'travel' || p.kind === 'education';
  return (
    <>
      {charges && (
        <>
          <Pair>
            <TextField
              id={fieldId('participantCost')}
              name="participantCost"
              inputMode="numeric"
              label={t(`${D}.field.participantCost`)}
              hint={t(`${D}.editor.costHint`)}
              value={numberText(p.participantCost)}
              error={errors.participantCost}
              onInput={(e) => set({ participantCost: toNumber(e.currentTarget.value) })}
            />
            <Select name="costCurrency" list="" values={CURRENCIES} part={part} />
          </Pair>
          <Pair>
            <TextArea id={fieldId('includesEn')} label={t(`${D}.field.includesEn`)} value={p.includesEn} error={errors.includesEn} onValue={(v) => set({ includesEn: v })} rows={3} />
            <TextArea id={fieldId('includesMn')} label={t(`${D}.field.includesMn`)} value={p.includesMn} error={errors.includesMn} onValue={(v) => set({ includesMn: v })} rows={3} />
          </Pair>
        </>
      )}
      {!charges && errors.participantCost && <Alert variant="error">{errors.participantCost}</Alert>}
    </>
  );
}

function Details(part: PartProps & { group: Group }) {
  const { t } = useTranslation();
  const { p, set, errors } = part;
  const bind = useBind(part);
  const employment = p.kind === 'job' || p.kind === 'career' || p.kind === 'recruitment';
  return (
    <Section id="ed-details" title={t(`${D}.editor.details`)}>
      <Pair>
        <Select name="classification" list="classifications" values={CLASSIFICATIONS} part={part} />
        <Select name="audience" list="audiences" values={AUDIENCES} part={part} />
      </Pair>
      <Pair>
        {employment ? <Select name="employmentType" list="employmentTypes" values={EMPLOYMENT_TYPES} part={part} /> : <span />}
        <TextField
          id={fieldId('openings')}
          name="openings"
          inputMode="numeric"
          label={t(`${D}.field.openings`)}
          value={numberText(p.openings)}
          error={errors.openings}
          onInput={(e) => set({ openings: toNumber(e.currentTarget.value) })}
        />
      </Pair>
      <DateField {...bind('deadline')} hint={t(`${D}.editor.deadlineHint`)} />
      {part.group === 'job' && (
        <>
          <Dates {...part} />
          <Place {...part} />
        </>
      )}
      <FieldGroup id={fieldId('languages')} legend={t(`${D}.field.languages`)} error={errors.languages}>
        <div class="opp-checks">
          {LANGUAGES.map((l) => (
            <label key={l} for={`f-lang-${l}`}>
              <input
                id={`f-lang-${l}`}
                type="checkbox"
                name="languages"
                checked={p.languages.includes(l)}
                onChange={(e) => set({ languages: e.currentTarget.checked ? [...p.languages, l] : p.languages.filter((x) => x !== l) })}
              />
              {t(`${D}.languages.${l}`)}
            </label>
          ))}
        </div>
      </FieldGroup>
    </Section>
  );
}

function PayPart(part: PartProps) {
  const { t } = useTranslation();
  const { p, set, errors } = part;
  const pay = p.pay;
  const setPay = (patch: Partial<Posting['pay']>) => set({ pay: { ...pay, ...patch } });
  return (
    <Section id="ed-pay" title={t(`${D}.editor.pay`)}>
      <FieldGroup id={fieldId('pay.kind')} legend={t(`${D}.field.pay_kind`)} error={errors['pay.kind']}>
        {PAY_KINDS.map((k) => (
          <label key={k} for={`f-pay-kind-${k}`}>
            <input id={`f-pay-kind-${k}`} type="radio" name="pay.kind" value={k} checked={pay.kind === k} onChange={() => setPay({ kind: k })} />
            {t(`${D}.payKinds.${k}`)}
          </label>
        ))}
      </FieldGroup>
      {pay.kind === 'amount' && (
        <>
          <Pair>
            <TextField id={fieldId('pay.min')} name="pay.min" inputMode="numeric" label={t(`${D}.field.pay_min`)} value={numberText(pay.min)} error={errors['pay.min']} onInput={(e) => setPay({ min: toNumber(e.currentTarget.value) })} />
            <TextField id={fieldId('pay.max')} name="pay.max" inputMode="numeric" label={t(`${D}.field.pay_max`)} hint={t(`${D}.editor.maxHint`)} value={numberText(pay.max)} error={errors['pay.max']} onInput={(e) => setPay({ max: toNumber(e.currentTarget.value) })} />
          </Pair>
          <Pair>
            <SelectField
              id={fieldId('pay.currency')}
              name="pay.currency"
              label={t(`${D}.field.pay_currency`)}
              value={pay.currency}
              error={errors['pay.currency']}
              onChange={(e) => setPay({ currency: e.currentTarget.value })}
              options={[{ value: '', label: t(`${D}.editor.choose`) }, ...CURRENCIES.map((c) => ({ value: c, label: c }))]}
            />
            <SelectField
              id={fieldId('pay.period')}
              name="pay.period"
              label={t(`${D}.field.pay_period`)}
              value={pay.period}
              error={errors['pay.period']}
              onChange={(e) => setPay({ period: e.currentTarget.value })}
              options={[{ value: '', label: t(`${D}.editor.choose`) }, ...options(t, 'payPeriods', PAY_PERIODS)]}
            />
          </Pair>
        </>
      )}
    </Section>
  );
}

function Requirements(part: PartProps) {
  const { t } = useTranslation();
  const { p, set, errors } = part;
  return (
    <Section id="ed-req" title={t(`${D}.editor.requirements`)}>
      <Pair>
        <TextArea id={fieldId('mustHave')} label={t(`${D}.field.mustHave`)} value={p.mustHave} error={errors.mustHave} onValue={(v) => set({ mustHave: v })} rows={3} />
        <TextArea id={fieldId('preferred')} label={t(`${D}.field.preferred`)} value={p.preferred} error={errors.preferred} onValue={(v) => set({ preferred: v })} rows={3} />
      </Pair>
      <FieldGroup id={fieldId('documents')} legend={t(`${D}.field.documents`)} error={errors.documents}>
        <div class="opp-checks">
          {DOCUMENTS.map((d) => (
            <label key={d} for={`f-doc-${d}`}>
              <input
                id={`f-doc-${d}`}
                type="checkbox"
                name="documents"
                checked={p.documents.includes(d)}
                onChange={(e) => set({ documents: e.currentTarget.checked ? [...p.documents, d] : p.documents.filter((x) => x !== d) })}
              />
              {t(`opportunities.documents.${d}`)}
            </label>
          ))}
        </div>
      </FieldGroup>
    </Section>
  );
}

function Contact(part: PartProps) {
  const { t } = useTranslation();
  const bind = useBind(part);
  const { p, set, errors } = part;
  return (
    <Section id="ed-contact" title={t(`${D}.editor.contact`)}>
      <TextField {...bind('contactName')} autoComplete="name" />
      <Pair>
        <TextField {...bind('contactEmail')} type="email" autoComplete="email" />
        <TextField {...bind('contactPhone')} type="tel" autoComplete="tel" />
      </Pair>
      <div class="field">
        <label for={fieldId('noFee')}>
          <input
            id={fieldId('noFee')}
            name="noFee"
            type="checkbox"
            checked={p.noFee}
            aria-invalid={errors.noFee ? 'true' : undefined}
            aria-describedby={`${fieldId('noFee')}-hint${errors.noFee ? ` ${fieldId('noFee')}-error` : ''}`}
            onChange={(e) => set({ noFee: e.currentTarget.checked })}
          />
          {t(`${D}.field.noFee`)}
        </label>
        {errors.noFee && (
          <small id={`${fieldId('noFee')}-error`} class="field__error">
            {errors.noFee}
          </small>
        )}
        <small id={`${fieldId('noFee')}-hint`}>{t(`${D}.editor.noFeeHint`)}</small>
      </div>
    </Section>
  );
}

function EditorForm({ group, initial }: { group: Group; initial: Editor | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [p, setP] = useState<Posting>(() => initial?.posting ?? emptyPosting(group));
  const [id, setId] = useState<number | null>(initial?.id ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState('');
  const [attempt, setAttempt] = useState(0);
  const formEl = useRef<HTMLFormElement>(null);
  const problemEl = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!attempt) return;
    if (formEl.current?.querySelector('[aria-invalid="true"]')) focusFirstInvalid(formEl.current);
    else problemEl.current?.focus();
  }, [attempt]);

  const set: Set = (patch) => setP((prev) => ({ ...prev, ...patch }));
  const part = { p, set, errors };

  const fail = (err: ApiError) => {
    onApiError(err);
    setErrors(err.errors ?? {});
    setProblem(err);
    setAttempt((n) => n + 1);
  };

  const save = async (): Promise<Editor | null> => {
    try {
      const e = id ? await updatePosting(id, p) : await createPosting(p);
      setId(e.id);
      setP(e.posting);
      setErrors({});
      setProblem(null);
      return e;
    } catch (err) {
      fail(err as ApiError);
      return null;
    }
  };

  const run = (what: 'save' | 'submit') => async (ev: Event) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(what);
    try {
      const e = await save();
      if (!e) return;
      if (what === 'save') {
        toast.success(t(`${D}.editor.saved`));
        if (!initial) navigate(`/dashboard/${group}/${e.id}/edit`, { replace: true });
        return;
      }
      try {
        await setPostingStatus(e.id, 'submitted');
        toast.success(t(`${D}.detail.moved.submitted`));
        navigate(`/dashboard/${group}/${e.id}`);
      } catch (err) {
        fail(err as ApiError);
      }
    } finally {
      setBusy('');
    }
  };

  const parts =
    group === 'tour'
      ? [<Basics key="b" {...part} group={group} />, <Trip key="t" {...part} />, <Details key="d" {...part} group={group} />, <PayPart key="p" {...part} />]
      : [<Basics key="b" {...part} group={group} />, <Details key="d" {...part} group={group} />, <PayPart key="p" {...part} />];
  return (
    <form ref={formEl} noValidate onSubmit={run('save')} class="opp-editor">
      <div ref={problemEl} tabIndex={-1} role="alert" class="opp-problem">
        {problem && <ProblemList err={problem} onEditor />}
      </div>
      {parts}
      <Requirements {...part} />
      {group === 'job' && p.kind === 'education' && (
        <Section id="ed-cost" title={t(`${D}.editor.cost`)}>
          <Cost {...part} />
        </Section>
      )}
      {group === 'job' && p.kind !== 'education' && errors.participantCost && <Alert variant="error">{errors.participantCost}</Alert>}
      <Section id="ed-questions" title={t(`${D}.editor.questionsTitle`)}>
        <QuestionsEditor questions={p.questions} onChange={(questions) => set({ questions })} errors={errors} />
      </Section>
      <Contact {...part} />
      <div class="button-row opp-editor__actions">
        <button type="submit" class="secondary" aria-busy={busy === 'save' ? 'true' : undefined}>
          {t(`${D}.editor.save`)}
        </button>
        <button type="button" aria-busy={busy === 'submit' ? 'true' : undefined} onClick={run('submit')}>
          {t(`${D}.editor.submit`)}
        </button>
        <Link href={id ? `/dashboard/${group}/${id}` : `/dashboard/${group}`}>{t(`${D}.editor.cancel`)}</Link>
      </div>
    </form>
  );
}

function EditView({ group, id }: { group: Group; id: string }) {
  const { t } = useTranslation();
  const [e, setE] = useState<Editor | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    getPosting(id).then(setE, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  }, [id]);
  if (error) return <Alert variant="error">{error}</Alert>;
  if (!e) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  const title = e.posting.titleEn || e.posting.titleMn || t(`${D}.untitled`);
  return (
    <>
      <h2>{t(`${D}.editor.editTitle`, { title })}</h2>
      {e.status === 'returned' && e.returnReason && <Alert variant="warning">{t(`${D}.detail.returnReason`, { reason: e.returnReason })}</Alert>}
      {e.editable ? (
        <EditorForm group={group} initial={e} />
      ) : (
        <Alert variant="info">
          <p>{t(`${D}.detail.notEditable`)}</p>
          <Link href={`/dashboard/${group}/${e.id}`}>{t(`${D}.editor.toDetail`)}</Link>
        </Alert>
      )}
    </>
  );
}

function NewView({ group }: { group: Group }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t(`${D}.editor.newTitle.${group}`)}</h2>
      <EditorForm group={group} initial={null} />
    </>
  );
}

/** /dashboard/{group}/new and /dashboard/{group}/{id}/edit: the form once its value lists are there. */
function EditPage({ group }: { group: Group }) {
  const { t } = useTranslation();
  const [, params] = useRoute<{ id: string }>(`/dashboard/${group}/:id/edit`);
  const ready = useSections(EDITOR_SECTIONS);
  const id = params?.id;
  return (
    <DashboardShell page={pageKey(group)}>
      {() => (!ready ? <p aria-busy="true">{t('dashboard.loading')}</p> : id ? <EditView key={id} group={group} id={id} /> : <NewView group={group} />)}
    </DashboardShell>
  );
}

/** The page, once the opportunities' value lists (a catalog section it shares with the public pages) are loaded. */
export function Edit({ group }: { group: Group }) {
  const ready = useSections(['opportunities']);
  return ready ? <EditPage group={group} /> : <Loading titleKey={`dashboard.${group}s.title`} />;
}
