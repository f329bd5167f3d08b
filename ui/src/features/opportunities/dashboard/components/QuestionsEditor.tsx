// The screening questions of a posting: up to 10, added, removed and reordered (focus stays
// on the button pressed); yes/no with the must-have answer, a choice with 2–10 choices and the
// acceptable ones, or a short text; each in English and Mongolian, each optionally required.
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import { type Choice, MAX_CHOICES, MAX_QUESTIONS, type Question } from '../types';
import { D, Group } from './parts';
import { fieldId } from './ProblemList';

const newQuestion = (): Question => ({ type: 'yes_no', textEn: '', textMn: '', choices: [], required: true, must: '' });

/** Focus an element by id once the page shows it (after a reorder or an addition). */
// Focus moves once the new state is on screen: on the next frame, or a few frames later when the
// render has not reached the page yet (a busy machine).
const focusSoon = (id: string, tries = 10) =>
  requestAnimationFrame(() => {
    const el = document.getElementById(id);
    if (el) el.focus();
    else if (tries > 1) focusSoon(id, tries - 1);
  });

function ChoicesEditor({ q, i, onChange, errors }: { q: Question; i: number; onChange: (q: Question) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const f = `questions.${i}`;
  const accept = q.accept ?? [];
  const setChoice = (j: number, patch: Partial<Choice>) => onChange({ ...q, choices: q.choices.map((c, k) => (k === j ? { ...c, ...patch } : c)) });
  const remove = (j: number) =>
    onChange({
      ...q,
      choices: q.choices.filter((_, k) => k !== j),
      accept: accept.filter((a) => a !== j).map((a) => (a > j ? a - 1 : a)),
    });
  return (
    <Group id={fieldId(`${f}.choices`)} legend={t(`${D}.questions.choices`)} error={errors[`${f}.choices`] ?? errors[`${f}.accept`]}>
      <p class="muted">{t(`${D}.questions.choicesHint`, { min: 2, max: MAX_CHOICES })}</p>
      {q.choices.map((c, j) => {
        const n = t(`${D}.questions.choiceNumbered`, { n: j + 1 });
        return (
          <div key={j} class="opp-choice">
            <div class="grid opp-pair">
              <TextField
                id={fieldId(`${f}.choices.${j}.en`)}
                label={`${n} (${t(`${D}.questions.lang.en`)})`}
                value={c.en}
                error={errors[`${f}.choices.${j}.en`]}
                onInput={(e) => setChoice(j, { en: e.currentTarget.value })}
              />
              <TextField
                id={fieldId(`${f}.choices.${j}.mn`)}
                label={`${n} (${t(`${D}.questions.lang.mn`)})`}
                value={c.mn}
                error={errors[`${f}.choices.${j}.mn`]}
                onInput={(e) => setChoice(j, { mn: e.currentTarget.value })}
              />
            </div>
            <div class="button-row">
              <label for={`q-${i}-accept-${j}`}>
                <input
                  id={`q-${i}-accept-${j}`}
                  type="checkbox"
                  checked={accept.includes(j)}
                  onChange={(e) => onChange({ ...q, accept: e.currentTarget.checked ? [...accept, j].sort((a, b) => a - b) : accept.filter((a) => a !== j) })}
                />
                {t(`${D}.questions.acceptable`)}
              </label>
              <button type="button" class="secondary outline" onClick={() => remove(j)} aria-label={t(`${D}.questions.removeChoiceNamed`, { choice: n })}>
                {t(`${D}.questions.removeChoice`)}
              </button>
            </div>
          </div>
        );
      })}
      {q.choices.length < MAX_CHOICES && (
        <button
          type="button"
          class="secondary outline"
          onClick={() => {
            onChange({ ...q, choices: [...q.choices, { en: '', mn: '' }] });
            focusSoon(fieldId(`${f}.choices.${q.choices.length}.en`));
          }}
        >
          {t(`${D}.questions.addChoice`)}
        </button>
      )}
    </Group>
  );
}

export function QuestionsEditor({ questions, onChange, errors }: { questions: Question[]; onChange: (qs: Question[]) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const update = (i: number, q: Question) => onChange(questions.map((x, k) => (k === i ? q : x)));
  const move = (i: number, by: -1 | 1, button: string) => {
    const j = i + by;
    if (j < 0 || j >= questions.length) return;
    const next = [...questions];
    [next[i], next[j]] = [next[j], next[i]];
    onChange(next);
    // The same button of the question at its new place, or the other one at the ends.
    const edge = (by === -1 && j === 0) || (by === 1 && j === questions.length - 1);
    focusSoon(`q-${j}-${edge ? (button === 'up' ? 'down' : 'up') : button}`);
  };
  const remove = (i: number) => {
    onChange(questions.filter((_, k) => k !== i));
    focusSoon(questions.length > 1 ? `q-${Math.max(0, i - 1)}-remove` : 'q-add');
  };
  return (
    <div class="opp-questions">
      <p class="muted">{t(`${D}.questions.hint`, { max: MAX_QUESTIONS })}</p>
      {errors.questions && <p class="field__error">{errors.questions}</p>}
      <ol>
        {questions.map((q, i) => {
          const f = `questions.${i}`;
          const name = t(`${D}.questions.numbered`, { n: i + 1 });
          return (
            <li key={i}>
              <fieldset class="opp-question">
                <legend>{name}</legend>
                <SelectField
                  id={fieldId(`${f}.type`)}
                  label={t(`${D}.questions.field.type`)}
                  value={q.type}
                  error={errors[`${f}.type`]}
                  onChange={(e) => {
                    const type = e.currentTarget.value as Question['type'];
                    update(i, { ...q, type, must: '', accept: [], choices: type === 'choice' && q.choices.length < 2 ? [{ en: '', mn: '' }, { en: '', mn: '' }] : q.choices });
                  }}
                  options={(['yes_no', 'choice', 'text'] as const).map((v) => ({ value: v, label: t(`${D}.questions.types.${v}`) }))}
                />
                <div class="grid opp-pair">
                  <TextField id={fieldId(`${f}.textEn`)} label={t(`${D}.questions.field.textEn`)} value={q.textEn} maxLength={200} error={errors[`${f}.textEn`]} onInput={(e) => update(i, { ...q, textEn: e.currentTarget.value })} />
                  <TextField id={fieldId(`${f}.textMn`)} label={t(`${D}.questions.field.textMn`)} value={q.textMn} maxLength={200} error={errors[`${f}.textMn`]} onInput={(e) => update(i, { ...q, textMn: e.currentTarget.value })} />
                </div>
                <label for={`q-${i}-required`}>
                  <input id={`q-${i}-required`} type="checkbox" checked={q.required} onChange={(e) => update(i, { ...q, required: e.currentTarget.checked })} />
                  {t(`${D}.questions.required`)}
                </label>
                {q.type === 'yes_no' && (
                  <SelectField
                    id={fieldId(`${f}.must`)}
                    label={t(`${D}.questions.field.must`)}
                    value={q.must ?? ''}
                    error={errors[`${f}.must`]}
                    onChange={(e) => update(i, { ...q, must: e.currentTarget.value as Question['must'] })}
                    options={[
                      { value: '', label: t(`${D}.questions.noMust`) },
                      { value: 'yes', label: t('opportunities.answers.yes') },
                      { value: 'no', label: t('opportunities.answers.no') },
                    ]}
                  />
                )}
                {q.type === 'choice' && <ChoicesEditor q={q} i={i} errors={errors} onChange={(x) => update(i, x)} />}
                <div class="button-row" role="group" aria-label={t(`${D}.questions.actions`, { question: name })}>
                  <button id={`q-${i}-up`} type="button" class="secondary outline" disabled={i === 0} onClick={() => move(i, -1, 'up')}>
                    {t(`${D}.questions.up`)}
                  </button>
                  <button id={`q-${i}-down`} type="button" class="secondary outline" disabled={i === questions.length - 1} onClick={() => move(i, 1, 'down')}>
                    {t(`${D}.questions.down`)}
                  </button>
                  <button id={`q-${i}-remove`} type="button" class="secondary outline" onClick={() => remove(i)}>
                    {t(`${D}.questions.remove`)}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {questions.length < MAX_QUESTIONS && (
        <button
          id="q-add"
          type="button"
          class="secondary"
          onClick={() => {
            onChange([...questions, newQuestion()]);
            focusSoon(fieldId(`questions.${questions.length}.type`));
          }}
        >
          {t(`${D}.questions.add`)}
        </button>
      )}
    </div>
  );
}
