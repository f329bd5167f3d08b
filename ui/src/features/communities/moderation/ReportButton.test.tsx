// "Report" is for what others wrote: not shown on one's own post (reporting it is refused).
import { act, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { type User, session } from '../../../lib/session';
import { ReportButton } from './ReportButton';

const me = { id: 1, email: 'a@example.mn', firstName: 'Nomin', lastName: 'Gan', dashboard: [], sessionExpiresAt: '2099-01-01T00:00:00Z' } as unknown as User;

afterEach(() => act(() => session.forget()));

describe('the report button', () => {
  it('shows on others’ posts and not on one’s own, also once its dialog is loaded', async () => {
    act(() => session.signedIn(me));
    const first = renderAt(
      <>
        <ReportButton target="post" id={5} authorId={2} />
        <ReportButton target="opportunity" id={7} />
      </>,
    );
    expect(await screen.findAllByRole('button', { name: 'Report' })).toHaveLength(2);
    first.unmount();
    // The dialog's chunk is loaded now: a new page's buttons are ready at once.
    renderAt(
      <>
        <ReportButton target="post" id={6} authorId={1} />
        <ReportButton target="post" id={8} authorId={3} />
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'Report' })).toHaveLength(1);
  });
});
