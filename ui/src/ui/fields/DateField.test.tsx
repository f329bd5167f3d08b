import { fireEvent, screen } from '@testing-library/preact';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { DateField } from './TextField';

function Probe() {
  const [value, setValue] = useState('');
  return <DateField id="d" label="Birth" hint="Extra." value={value} onInput={(e) => setValue(e.currentTarget.value)} />;
}

describe('<DateField>', () => {
  it.each([
    ['en', 'YYYY-MM-DD', 'Type the date as YYYY-MM-DD, for example 2005-03-01. Extra.'],
    ['mn', 'ЖЖЖЖ-СС-ӨӨ', 'Огноог ЖЖЖЖ-СС-ӨӨ хэлбэрээр бичнэ үү, жишээ нь 2005-03-01. Extra.'],
  ] as const)('shows in %s the format its hint asks for, whatever the browser would show', (lang, format, hint) => {
    renderAt(<Probe />, { lang });
    const input = screen.getByLabelText('Birth') as HTMLInputElement;
    expect(input.type).toBe('text'); // not the browser's date input, which shows mm/dd/yyyy in English setups
    expect(input.placeholder).toBe(format);
    expect(input.inputMode).toBe('numeric');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(hint);
  });

  it('takes the date as people type it', () => {
    renderAt(<Probe />, { lang: 'mn' });
    const input = screen.getByLabelText('Birth') as HTMLInputElement;
    input.focus();
    fireEvent.input(input, { target: { value: '2005.3.1' } });
    expect(input.value).toBe('2005.3.1');
    input.blur();
    expect(input.value).toBe('2005-03-01');
    fireEvent.input(input, { target: { value: '19991231' } });
    expect(input.value).toBe('1999-12-31');
  });
});
