import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

export interface RepeatableGroupProps<T extends { id: string }> {
  legend: string;
  rows: T[];
  onChange: (rows: T[]) => void;
  /** A fresh empty row; its id must be unique within the group. */
  newRow: () => T;
  /** The fields of one row; `n` counts from 1. */
  renderRow: (row: T, n: number, update: (patch: Partial<T>) => void) => ComponentChildren;
  addLabel: string;
  min?: number;
  max?: number;
}

/**
 * A list of identical field groups the user can grow and shrink. After adding, focus moves to
 * the new row's first field; after removing, to the add button, so keyboard users never lose
 * their place.
 */
export function RepeatableGroup<T extends { id: string }>({
  legend,
  rows,
  onChange,
  newRow,
  renderRow,
  addLabel,
  min = 1,
  max = 10,
}: RepeatableGroupProps<T>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFieldSetElement>(null);
  const focus = useRef<'last' | 'add' | null>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root || !focus.current) return;
    const target =
      focus.current === 'last'
        ? root.querySelector<HTMLElement>('.repeatable__row:last-of-type :is(input, select, textarea)')
        : root.querySelector<HTMLElement>('.repeatable__add');
    focus.current = null;
    target?.focus();
  }, [rows.length]);

  const add = () => {
    focus.current = 'last';
    onChange([...rows, newRow()]);
  };
  const remove = (id: string) => {
    focus.current = 'add';
    onChange(rows.filter((r) => r.id !== id));
  };
  const update = (id: string) => (patch: Partial<T>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  return (
    <fieldset class="repeatable" ref={ref}>
      <legend>{legend}</legend>
      {rows.map((row, i) => (
        <fieldset key={row.id} class="repeatable__row">
          <legend>{t('ui.repeatable.row', { n: i + 1 })}</legend>
          <div class="repeatable__fields">{renderRow(row, i + 1, update(row.id))}</div>
          <Button
            variant="secondary"
            class="outline repeatable__remove"
            disabled={rows.length <= min}
            onClick={() => remove(row.id)}
          >
            {t('ui.repeatable.remove', { n: i + 1 })}
          </Button>
        </fieldset>
      ))}
      <Button variant="outline" class="repeatable__add" disabled={rows.length >= max} onClick={add}>
        {addLabel}
      </Button>
    </fieldset>
  );
}
