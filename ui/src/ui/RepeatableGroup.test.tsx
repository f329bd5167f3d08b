import { fireEvent, screen } from '@testing-library/preact';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render';
import { RepeatableGroup } from './RepeatableGroup';
import { TextField } from './fields/TextField';

interface Row {
  id: string;
  name: string;
}

let seq = 0;
function Harness() {
  const [rows, setRows] = useState<Row[]>([{ id: 'r0', name: 'Anu' }]);
  return (
    <RepeatableGroup
      legend="Contacts"
      rows={rows}
      onChange={setRows}
      newRow={() => ({ id: `n${++seq}`, name: '' })}
      addLabel="Add"
      max={3}
      renderRow={(row, _n, update) => (
        <TextField id={`name-${row.id}`} label="Name" value={row.name} onInput={(e) => update({ name: e.currentTarget.value })} />
      )}
    />
  );
}

const names = () => screen.getAllByLabelText('Name').map((i) => (i as HTMLInputElement).value);

describe('<RepeatableGroup>', () => {
  it('adds rows, moves focus to the new one, and stops at max', () => {
    renderAt(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(names()).toEqual(['Anu', '']);
    expect(document.activeElement).toBe(screen.getAllByLabelText('Name')[1]);
    expect(screen.getByRole('group', { name: 'Entry 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(names()).toHaveLength(3);
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('removes the chosen row, keeps the others, and never goes below min', () => {
    renderAt(<Harness />);
    expect((screen.getByRole('button', { name: 'Remove entry 1' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.input(screen.getAllByLabelText('Name')[1], { target: { value: 'Bat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove entry 1' }));
    expect(names()).toEqual(['Bat']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add' }));
  });
});
