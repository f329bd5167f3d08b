import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

const setup = () =>
  render(
    <Tabs
      id="t"
      label="About"
      tabs={[
        { id: 'a', label: 'One', content: 'first' },
        { id: 'b', label: 'Two', content: 'second' },
        { id: 'c', label: 'Three', content: 'third' },
      ]}
    />,
  );

const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')!;
const visiblePanel = () => screen.getByRole('tabpanel');

describe('<Tabs>', () => {
  it('has a tablist with one tab stop and linked panels', () => {
    setup();
    expect(screen.getByRole('tablist', { name: 'About' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(visiblePanel().getAttribute('aria-labelledby')).toBe(tabs[0].id);
    expect(tabs[0].getAttribute('aria-controls')).toBe(visiblePanel().id);
  });

  it('moves with the arrow keys, wraps, and jumps with Home/End', () => {
    setup();
    const list = screen.getByRole('tablist');
    screen.getAllByRole('tab')[0].focus();
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected().textContent).toBe('Two');
    expect(document.activeElement).toBe(selected());
    expect(visiblePanel().textContent).toBe('second');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected().textContent).toBe('One');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected().textContent).toBe('Three');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selected().textContent).toBe('One');
    fireEvent.keyDown(list, { key: 'End' });
    expect(selected().textContent).toBe('Three');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
  });
});
