// The report dialog against a stubbed API: the server's messages are shown, beside the reason
// or above the form when they are about the item itself (one's own content).
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { Dialogs } from './Dialogs';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let answer: () => Response;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  // jsdom's <dialog> may lack showModal and close.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => vi.unstubAllGlobals());

const open = { kind: 'report', target: 'post', id: 6 } as const;

describe('the report dialog', () => {
  it('shows why reporting one’s own post is refused (a message with no field of its own)', async () => {
    answer = () => json(422, { message: 'Please correct the highlighted fields.', code: 'invalid', errors: { targetId: 'You cannot report your own content.' } });
    const onClose = vi.fn();
    renderAt(<Dialogs open={open} onClose={onClose} />);
    fireEvent.click(screen.getByLabelText('Spam'));
    fireEvent.click(screen.getByRole('button', { name: 'Send report', hidden: true }));
    const alert = await screen.findByText('You cannot report your own content.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a field’s message beside it and nothing above the form', async () => {
    answer = () => json(422, { message: 'Please correct the highlighted fields.', code: 'invalid', errors: { reason: 'Choose a reason.' } });
    renderAt(<Dialogs open={open} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send report', hidden: true }));
    const small = await screen.findByText('Choose a reason.');
    expect(small.id).toBe('report-reason-error');
    expect(document.querySelector('.mod-error')).toBeNull();
  });

  it('shows a refusal without fields above the form (already reported)', async () => {
    answer = () => json(409, { message: 'You have already reported this.', code: 'conflict' });
    renderAt(<Dialogs open={open} onClose={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Spam'));
    fireEvent.click(screen.getByRole('button', { name: 'Send report', hidden: true }));
    await waitFor(() => expect(document.querySelector('.mod-error')?.textContent).toBe('You have already reported this.'));
  });
});
