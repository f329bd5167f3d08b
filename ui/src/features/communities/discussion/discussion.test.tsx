// Comments and polls against a stubbed API: pages and "load more", writing, replies, the
// placeholders, the moderator's Remove, voting with results as bars, the closed poll's message.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import type { Comment, CommentPage, PollView } from './api';
import { Comments } from './Comments';
import { Poll, PollEditor } from './Poll';

type Handler = (url: string, init: RequestInit) => Response;
let routes: [RegExp, Handler][];
let sent: { method: string; url: string; body: unknown }[];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  sent = [];
  routes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const r = routes.find(([re]) => re.test(`${init.method ?? 'GET'} ${url}`));
      return r ? r[1](url, init) : json(404, { message: 'Not found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const comment = (id: number, over: Partial<Comment> = {}): Comment => ({
  id,
  postId: 7,
  parentId: 0,
  author: { id: 2, name: `Person ${id}`, handle: `p${id}` },
  status: 'visible',
  reason: '',
  bodyHtml: `<p>Comment number ${id}</p>`,
  replyCount: 0,
  createdAt: '2026-11-22T10:00:00Z',
  mine: false,
  canReply: true,
  ...over,
});
const page = (items: Comment[], over: Partial<CommentPage> = {}): CommentPage => ({
  items,
  next: '',
  total: items.length,
  locked: false,
  canComment: true,
  canModerate: false,
  slowMode: 0,
  ...over,
});

describe('Comments', () => {
  it('lists, loads more with the keyset cursor, and re-sorts', async () => {
    routes.push([/GET \/api\/comments\?postId=7&sort=latest$/, () => json(200, page([comment(30), comment(29)], { next: '29', total: 3 }))]);
    routes.push([/after=29/, () => json(200, page([comment(28)], { total: 3 }))]);
    routes.push([/sort=oldest/, () => json(200, page([comment(28), comment(29), comment(30)]))]);
    renderAt(<Comments postId={7} />);
    await screen.findByText('Comment number 30');
    expect(screen.getByRole('heading', { name: 'Comments: 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    await screen.findByText('Comment number 28');
    expect(screen.queryByRole('button', { name: 'Load more comments' })).toBeNull();
    expect(sent.at(-1)?.url).toBe('/api/comments?postId=7&sort=latest&after=29');
    // A real change event (testing-library/preact's fireEvent.change sends input, which a select's onChange does not hear).
    const select = screen.getByLabelText('Sort') as HTMLSelectElement;
    select.value = 'oldest';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(sent.at(-1)?.url).toBe('/api/comments?postId=7&sort=oldest'));
    await waitFor(() => expect(document.querySelectorAll('.comment')[0].textContent).toContain('Comment number 28'));
  });

  it('writes a comment, shows the server field message beside the field and keeps the text', async () => {
    routes.push([/GET \/api\/comments/, () => json(200, page([]))]);
    let answer = () => json(422, { message: 'Invalid', code: 'invalid', errors: { body: 'At most 5000 characters.' } });
    routes.push([/POST \/api\/comments$/, () => answer()]);
    renderAt(<Comments postId={7} />);
    await screen.findByText('No comments yet. Be the first to write one.');
    const box = screen.getByLabelText('Write a comment') as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: 'Hello @p1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await screen.findByText('At most 5000 characters.');
    expect(box.value).toBe('Hello @p1');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    answer = () => json(201, comment(40, { bodyHtml: '<p>Hello <a href="/u/p1">@p1</a></p>', mine: true, body: 'Hello @p1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await screen.findByRole('link', { name: '@p1' });
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ postId: 7, body: 'Hello @p1' });
    expect(screen.getByRole('heading', { name: 'Comments: 1' })).toBeTruthy();
    expect(box.value).toBe('');
  });

  it('replies one level deep, edits and deletes one\'s own', async () => {
    routes.push([/GET \/api\/comments\?/, () => json(200, page([comment(1, { replyCount: 1 }), comment(2, { mine: true, body: 'Mine' })]))]);
    routes.push([/GET \/api\/comments\/1\/replies/, () => json(200, page([comment(5, { parentId: 1, canReply: false, bodyHtml: '<p>A reply</p>' })]))]);
    routes.push([/POST \/api\/comments$/, () => json(201, comment(6, { parentId: 1, canReply: false, bodyHtml: '<p>My reply</p>', mine: true }))]);
    routes.push([/PUT \/api\/comments\/2/, () => json(200, comment(2, { mine: true, body: 'Mine, better', bodyHtml: '<p>Mine, better</p>', editedAt: '2026-11-22T11:00:00Z' }))]);
    routes.push([/DELETE \/api\/comments\/2/, () => new Response(null, { status: 204 })]);
    renderAt(<Comments postId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show replies: 1' }));
    await screen.findByText('A reply');
    // Replies have no Reply button of their own.
    expect(screen.getAllByRole('button', { name: 'Reply' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Reply' })[0]);
    fireEvent.input(screen.getByLabelText('Write a reply'), { target: { value: 'My reply' } });
    fireEvent.click(within(screen.getByLabelText('Write a reply').closest('form') as HTMLElement).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ postId: 7, parentId: 1, body: 'My reply' });
    await screen.findByText('My reply');
    // Edit own.
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' }).at(-1) as HTMLElement);
    const edit = screen.getByLabelText('Edit') as HTMLTextAreaElement;
    expect(edit.value).toBe('Mine');
    fireEvent.input(edit, { target: { value: 'Mine, better' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Mine, better');
    expect(screen.getByText('(edited)')).toBeTruthy();
    // Delete own, after confirming.
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    fireEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Mine, better')).toBeNull());
  });

  it('shows placeholders; moderators remove with a reason through the moderation API', async () => {
    routes.push([
      /GET \/api\/comments\?/,
      () =>
        json(
          200,
          page(
            [
              comment(1, { status: 'deleted', author: null, bodyHtml: '', replyCount: 2 }),
              comment(2, { status: 'removed', reason: 'Spam link', bodyHtml: '' }),
              comment(3),
            ],
            { canModerate: true },
          ),
        ),
    ]);
    routes.push([/POST \/api\/moderation\/actions/, () => json(201, {})]);
    renderAt(<Comments postId={7} />);
    await screen.findByText('Comment deleted by its author.');
    expect(screen.getByText('Removed by a moderator. Reason: Spam link')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    fireEvent.input(screen.getByLabelText('Reason for removing'), { target: { value: 'Off topic' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove comment' }));
    await screen.findByText('Removed by a moderator. Reason: Off topic');
    expect(sent.at(-1)).toMatchObject({ method: 'POST', body: { targetType: 'comment', targetId: 3, action: 'remove', reason: 'Off topic' } });
  });

  it('says the discussion is locked, and speaks Mongolian', async () => {
    routes.push([/GET \/api\/comments/, () => json(200, page([comment(1)], { locked: true, canComment: false }))]);
    renderAt(<Comments postId={7} />, { lang: 'mn' });
    await screen.findByText('Энэ хэлэлцүүлгийг түгжсэн: шинэ сэтгэгдэл бичих боломжгүй.');
    expect(screen.queryByLabelText('Сэтгэгдэл бичих')).toBeNull();
  });
});

const poll = (over: Partial<PollView> = {}): PollView => ({
  id: 3,
  postId: 7,
  question: 'Which day?',
  multiple: false,
  maxChoices: 0,
  closed: false,
  results: 'after_vote',
  options: [
    { id: 10, label: 'Monday' },
    { id: 11, label: 'Friday' },
  ],
  myChoices: [],
  canVote: true,
  canEdit: false,
  canClose: false,
  notice: 'The results show after you vote.',
  ...over,
});

describe('Poll', () => {
  it('votes and shows the results as counts, percentages and bars', async () => {
    routes.push([/GET \/api\/polls\?postId=7/, () => json(200, { poll: poll() })]);
    routes.push([
      /POST \/api\/polls\/3\/votes/,
      () =>
        json(
          200,
          poll({
            myChoices: [11],
            notice: '',
            tally: { pollId: 3, closed: false, voters: 4, options: [{ id: 10, label: 'Monday', votes: 1, percent: 25 }, { id: 11, label: 'Friday', votes: 3, percent: 75 }] },
          }),
        ),
    ]);
    renderAt(<Poll postId={7} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Friday' }));
    expect(document.querySelector('.poll-results')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    await screen.findByText('75% · 3 votes');
    expect(sent.at(-1)?.body).toEqual({ optionIds: [11] });
    expect(screen.getByText('4 voters')).toBeTruthy();
    const bars = document.querySelectorAll('.poll-bar .bar-fill');
    expect([...bars].map((b) => b.getAttribute('width'))).toEqual(['25%', '75%']);
    expect(screen.getByRole('button', { name: 'Change vote' })).toBeTruthy();
  });

  it('answers a vote on a closed poll with the original message, in Mongolian too', async () => {
    routes.push([/GET \/api\/polls\?postId=7/, () => json(200, { poll: poll() })]);
    routes.push([/POST \/api\/polls\/3\/votes/, () => json(409, { message: 'Санал өгөх хугацаа дууссан', code: 'poll_closed', errors: { optionIds: 'Санал өгөх хугацаа дууссан' } })]);
    renderAt(<Poll postId={7} />, { lang: 'mn' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Monday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Санал өгөх' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toBe('Санал өгөх хугацаа дууссан');
    expect(screen.queryByRole('button', { name: 'Санал өгөх' })).toBeNull();
  });

  it('shows a closed poll\'s results and notice, and renders nothing without a poll', async () => {
    routes.push([
      /GET \/api\/polls\?postId=7/,
      () =>
        json(200, {
          poll: poll({ closed: true, canVote: false, notice: 'Voting is no longer allowed', tally: { pollId: 3, closed: true, voters: 0, options: [{ id: 10, label: 'Monday', votes: 0, percent: 0 }] } }),
        }),
    ]);
    routes.push([/GET \/api\/polls\?postId=8/, () => json(200, { poll: null })]);
    renderAt(<Poll postId={7} />);
    await screen.findByText('Voting is no longer allowed');
    expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
    const { container } = renderAt(<Poll postId={8} />);
    await waitFor(() => expect(sent.some((s) => s.url.endsWith('postId=8'))).toBe(true));
    expect(container.querySelector('.poll')).toBeNull();
  });
});

describe('PollEditor', () => {
  it('attaches a poll with its options and shows field messages', async () => {
    routes.push([/GET \/api\/polls\?postId=7/, () => json(200, { poll: null })]);
    let answer = () => json(422, { message: 'Invalid', code: 'invalid', errors: { 'options.1': 'This option is already in the poll.' } });
    routes.push([/POST \/api\/polls$/, () => answer()]);
    renderAt(<PollEditor postId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a poll' }));
    fireEvent.input(screen.getByLabelText('Question'), { target: { value: 'Best day?' } });
    fireEvent.input(screen.getByLabelText('Option 1'), { target: { value: 'Mon' } });
    fireEvent.input(screen.getByLabelText('Option 2'), { target: { value: 'Mon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save poll' }));
    await screen.findByText('This option is already in the poll.');
    expect(sent.at(-1)?.body).toEqual({ postId: 7, question: 'Best day?', options: ['Mon', 'Mon'], multiple: false, maxChoices: 0, closesAt: '', results: 'always' });
    answer = () => json(201, poll({ canEdit: true, question: 'Best day?' }));
    fireEvent.input(screen.getByLabelText('Option 2'), { target: { value: 'Tue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save poll' }));
    await screen.findByText('Poll saved.');
  });
});
