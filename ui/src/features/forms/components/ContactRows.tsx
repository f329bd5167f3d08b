// A repeatable group of contact people (emergency contacts, parents / guardians): name,
// relationship, phone and email per row; rows are added and removed, with the messages of
// each row beside its own fields.
import { useTranslation } from 'react-i18next';
import { RepeatableGroup } from '../../../ui/RepeatableGroup';
import { fieldId, type Messages, rowName } from './errors';
import { TextInput } from '../../../ui/fields/inputs';
import { type ContactRow, newRow } from './values';

export interface ContactRowsProps {
  prefix: string;
  /** The field's name ("emergencyContacts"), as the server names its messages. */
  name: string;
  legend: string;
  addLabel: string;
  hint?: string;
  rows: ContactRow[];
  messages: Messages;
  error?: string;
  min: number;
  max: number;
  onChange: (rows: ContactRow[]) => void;
  onRemove: (index: number) => void;
  onBlur: (name: string) => void;
}

export function ContactRows({ prefix, name, legend, addLabel, hint, rows, messages, error, min, max, onChange, onRemove, onBlur }: ContactRowsProps) {
  const { t } = useTranslation();
  const groupId = fieldId(prefix, name);
  // RepeatableGroup removes by id; the messages follow the rows by index (onRemove).
  const change = (next: ContactRow[]) => {
    if (next.length < rows.length) {
      const index = rows.findIndex((r) => !next.some((n) => n.id === r.id));
      if (index >= 0) return onRemove(index);
    }
    onChange(next);
  };
  return (
    <div class="form-rows" id={groupId}>
      {hint && (
        <p id={`${groupId}-hint`} class="form-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${groupId}-error`} class="field__error" role="alert">
          {error}
        </p>
      )}
      <RepeatableGroup
        legend={legend}
        rows={rows}
        onChange={change}
        newRow={newRow}
        addLabel={addLabel}
        min={min}
        max={max}
        renderRow={(row, n, update) => {
          const i = n - 1;
          const field = (sub: 'name' | 'relationship' | 'phone' | 'email', extra: { type?: 'email' | 'tel'; hint?: string; required: boolean; inputMode?: 'email' | 'tel' }) => {
            const msgName = rowName(name, i, sub);
            return (
              <TextInput
                id={fieldId(prefix, msgName)}
                name={msgName}
                label={t(`forms.ui.row.${sub}`)}
                autoComplete="off"
                value={row[sub]}
                error={messages[msgName]}
                onValue={(v) => update({ [sub]: v } as Partial<ContactRow>)}
                onBlur={() => onBlur(msgName)}
                {...extra}
              />
            );
          };
          return (
            <>
              {field('name', { required: true })}
              {field('relationship', { required: true })}
              {field('phone', { required: true, type: 'tel', inputMode: 'tel', hint: t('forms.ui.hints.phone') })}
              {field('email', { required: false, type: 'email', inputMode: 'email', hint: t('forms.ui.hints.emailOptional') })}
            </>
          );
        }}
      />
    </div>
  );
}
