import { act, fireEvent, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../ui/Toaster';
import { createI18n } from './i18n';
import { resources } from '../test/render';
import { createToastStore, toast, toasts, type Timer } from './toast';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toasts.clear();
    vi.useRealTimers();
  });

  it('shows at most 5; a 6th and 7th push out the oldest', () => {
    const store = createToastStore();
    for (let i = 1; i <= 7; i++) store.show('info', `message ${i}`);
    expect(store.list().map((t) => t.message)).toEqual(['message 3', 'message 4', 'message 5', 'message 6', 'message 7']);
  });

  it('does not show a toast identical to a visible one', () => {
    const store = createToastStore();
    const first = store.show('success', 'Saved');
    expect(store.show('success', 'Saved')).toBe(first);
    expect(store.list()).toHaveLength(1);
    store.show('error', 'Saved'); // another variant is another toast
    expect(store.list()).toHaveLength(2);
    store.dismiss(first);
    store.show('success', 'Saved'); // once gone, it can come back
    expect(store.list()).toHaveLength(2);
  });

  it('shows a repeated message for its full time again', () => {
    const store = createToastStore();
    store.show('success', 'Moved');
    vi.advanceTimersByTime(2500);
    store.show('success', 'Moved'); // the second move, just before the first toast goes
    vi.advanceTimersByTime(2999);
    expect(store.list().map((t) => t.message)).toEqual(['Moved']);
    vi.advanceTimersByTime(1);
    expect(store.list()).toEqual([]);
  });

  it('hides each toast after 3 seconds', () => {
    const store = createToastStore();
    store.show('info', 'a');
    vi.advanceTimersByTime(1000);
    store.show('info', 'b');
    vi.advanceTimersByTime(1999);
    expect(store.list().map((t) => t.message)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1);
    expect(store.list().map((t) => t.message)).toEqual(['b']);
    vi.advanceTimersByTime(1000);
    expect(store.list()).toEqual([]);
  });

  it('takes an injected timer', () => {
    const pending: { fn: () => void; ms: number }[] = [];
    const timer: Timer = { set: (fn, ms) => pending.push({ fn, ms }), clear: vi.fn() };
    const store = createToastStore({ timer });
    store.show('warning', 'w');
    expect(pending).toHaveLength(1);
    expect(pending[0].ms).toBe(3000);
    pending[0].fn();
    expect(store.list()).toEqual([]);
  });

  it('has one helper per variant', () => {
    toast.info('i');
    toast.success('s');
    toast.warning('w');
    toast.error('e');
    expect(toasts.list().map((t) => [t.variant, t.message])).toEqual([
      ['info', 'i'],
      ['success', 's'],
      ['warning', 'w'],
      ['error', 'e'],
    ]);
  });
});

describe('<Toaster>', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const store = createToastStore();
    render(
      <I18nextProvider i18n={createI18n('en', resources)}>
        <Toaster store={store} />
      </I18nextProvider>,
    );
    return store;
  };

  it('announces errors in an alert region and the rest in a status region', () => {
    const store = setup();
    act(() => {
      store.show('error', 'Boom');
      store.show('success', 'Saved');
    });
    expect(screen.getByRole('alert').textContent).toContain('Boom');
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(screen.getByRole('alert').textContent).not.toContain('Saved');
  });

  it('renders at most 5 and removes them after 3 s or on dismiss', () => {
    const store = setup();
    act(() => {
      for (let i = 1; i <= 7; i++) store.show('info', `n${i}`);
    });
    expect(document.querySelectorAll('.toast')).toHaveLength(5);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]);
    expect(document.querySelectorAll('.toast')).toHaveLength(4);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(document.querySelectorAll('.toast')).toHaveLength(0);
  });
});
