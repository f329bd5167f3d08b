// A form's answers as a list of labels and values, in the page's language: the review step
// before sending, and the staff desk's detail view.
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { countryName, labelOf, optionLabel, rowLabel } from './labels';
import { type FormName, SCHEMAS } from './schemas';

const ROW_COLUMNS = ['name', 'relationship', 'phone', 'email'] as const;

/** One answer as text ("" when not given). */
export function answerText(t: TFunction, i18n: I18n, form: FormName, field: string, value: unknown): string {
  const kind = SCHEMAS[form].fields[field]?.kind;
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? optionLabel(t, form, field, v) : '')).filter(Boolean).join(', ');
  const s = String(value);
  if (!s.trim()) return '';
  if (kind === 'country') return countryName(i18n, s);
  if (kind === 'date') return formatDate(t, s);
  if (kind === 'choice') return optionLabel(t, form, field, s);
  return s;
}

/** A repeatable group's rows as a small table. */
export function RowsTable({ id, caption, rows }: { id: string; caption: string; rows: Record<string, unknown>[] }) {
  const { t } = useTranslation();
  return (
    <div class="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table class="form-rows-table">
        <caption id={`${id}-caption`} class="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {ROW_COLUMNS.map((c) => (
              <th key={c} scope="col">
                {rowLabel(t, c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {ROW_COLUMNS.map((c) => (
                <td key={c}>{typeof r?.[c] === 'string' ? (r[c] as string) : ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface AnswersProps {
  id: string;
  form: FormName;
  answers: Record<string, unknown>;
  fields: readonly string[];
  /** Fields to leave out when empty (the "other" texts, availability). */
  skipEmpty?: readonly string[];
}

/** The answers of `fields`, each labelled; unanswered ones say so. */
export function Answers({ id, form, answers, fields, skipEmpty = [] }: AnswersProps) {
  const { t, i18n } = useTranslation();
  return (
    <dl class="form-answers">
      {fields.map((field) => {
        const value = answers[field];
        const label = labelOf(t, form, field);
        const isRows = SCHEMAS[form].fields[field]?.kind === 'contacts';
        if (isRows) {
          const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
          return (
            <div key={field} class="form-answers__item form-answers__item--wide">
              <dt>{label}</dt>
              <dd>{rows.length ? <RowsTable id={`${id}-${field}`} caption={label} rows={rows} /> : <span class="muted">{t('forms.ui.notAnswered')}</span>}</dd>
            </div>
          );
        }
        const text = answerText(t, i18n, form, field, value);
        if (!text && skipEmpty.includes(field)) return null;
        return (
          <div key={field} class="form-answers__item">
            <dt>{label}</dt>
            <dd>{text ? <span class="form-answers__text">{text}</span> : <span class="muted">{t('forms.ui.notAnswered')}</span>}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The fields of a form that appear only with another answer, left out of lists when empty. */
export const CONDITIONAL_FIELDS = ['traitsOther', 'availability', 'howHeardOther'] as const;
