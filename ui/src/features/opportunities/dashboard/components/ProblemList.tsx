// What stops a save or a submission: the server's message and, for each field, its message
// as a link to the field (on the editor) — "everything missing" at once.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import type { ApiError } from '../../../../lib/api';
import { D } from './parts';

/** The editor's id of a field named as the server names it ("questions.2.textMn" → "f-questions-2-textMn"). */
export const fieldId = (name: string) => `f-${name.replace(/\./g, '-')}`;

/** A field's name in the page's language: "Question 3: text in Mongolian". */
export function useFieldName() {
  const { t } = useTranslation();
  return (name: string): string => {
    const parts = name.split('.');
    if (parts[0] === 'questions' && parts.length > 2) {
      const q = t(`${D}.questions.numbered`, { n: Number(parts[1]) + 1 });
      if (parts[2] === 'choices' && parts.length > 4) {
        return `${q} — ${t(`${D}.questions.choiceNumbered`, { n: Number(parts[3]) + 1 })} (${t(`${D}.questions.lang.${parts[4]}`)})`;
      }
      return `${q} — ${t(`${D}.questions.field.${parts[2]}`, { defaultValue: parts[2] })}`;
    }
    return t(`${D}.field.${name.replace('.', '_')}`, { defaultValue: name });
  };
}

export function ProblemList({ err, group, id, onEditor }: { err: ApiError; group?: string; id?: number; onEditor?: boolean }) {
  const { t } = useTranslation();
  const name = useFieldName();
  const fields = Object.entries(err.errors ?? {});
  return (
    <Alert variant="error">
      <p>{fields.length ? t(`${D}.missing`) : err.message}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map(([f, m]) => (
            <li key={f}>
              {onEditor ? (
                <a href={`#${fieldId(f)}`}>{t(`${D}.problem`, { field: name(f), message: m })}</a>
              ) : (
                t(`${D}.problem`, { field: name(f), message: m })
              )}
            </li>
          ))}
        </ul>
      )}
      {fields.length > 0 && !onEditor && group && id && (
        <p>
          <Link href={`/dashboard/${group}/${id}/edit`}>{t(`${D}.detail.fixInEditor`)}</Link>
        </p>
      )}
      {err.code === 'plan_limit' && (
        <p>
          <Link href="/pricing">{t(`${D}.pricing`)}</Link>
        </p>
      )}
      {err.code === 'id_verification_required' && (
        <p>
          <Link href="/dashboard/user/account">{t(`${D}.verifyId`)}</Link>
        </p>
      )}
    </Alert>
  );
}
