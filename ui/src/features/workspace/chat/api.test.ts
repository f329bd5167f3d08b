import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../test/render';
import { configureApi } from '../../../lib/api';
import { createI18n } from '../../../lib/i18n';
import { flushQueue, loadQueue, type Message, type Queued, saveQueue } from './api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function withFetch(impl: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => impl(String(url), init ?? {}));
  configureApi({ baseURL: '/api', fetch: fetch as typeof globalThis.fetch, i18n: createI18n('en', resources) });
  return fetch;
}

const q = (n: number): Queued => ({ clientId: `client-${n}-abcdef`, conversationId: 3, body: `message ${n}` });
const sentOf = (init: RequestInit) => JSON.parse(String(init.body)) as { clientId: string; body: string };

beforeEach(() => localStorage.clear());
afterEach(() => configureApi({ baseURL: '/api', fetch: undefined }));

describe('the offline queue', () => {
  it('keeps everything while the network is down, then sends in order with the same client ids', async () => {
    const queue = [q(1), q(2), q(3)];
    saveQueue(queue);
    withFetch(() => Promise.reject(new TypeError('offline')));
    const rest = await flushQueue(queue, () => undefined, () => undefined);
    expect(rest).toEqual(queue);
    expect(loadQueue()).toEqual(queue);

    const fetch = withFetch((_url, init) => json(201, { id: 1, ...sentOf(init) }));
    const sent: Message[] = [];
    const after = await flushQueue(loadQueue(), (_q, m) => sent.push(m), () => undefined);
    expect(after).toEqual([]);
    expect(loadQueue()).toEqual([]);
    expect(fetch.mock.calls.map(([, init]) => sentOf(init!).clientId)).toEqual(['client-1-abcdef', 'client-2-abcdef', 'client-3-abcdef']);
    expect(sent.map((m) => m.body)).toEqual(['message 1', 'message 2', 'message 3']);
  });

  it('stops at the first message that cannot go yet, so the order holds', async () => {
    let calls = 0;
    withFetch((_url, init) => (++calls === 2 ? json(503, { message: 'Maintenance', code: 'maintenance' }) : json(201, { id: calls, ...sentOf(init) })));
    const rest = await flushQueue([q(1), q(2), q(3)], () => undefined, () => undefined);
    expect(rest.map((x) => x.clientId)).toEqual(['client-2-abcdef', 'client-3-abcdef']);
  });

  it('marks a refused message as not sent and goes on with the others', async () => {
    withFetch((_url, init) =>
      sentOf(init).body === 'message 1' ? json(422, { message: 'Too long', code: 'invalid', errors: { body: 'Too long' } }) : json(201, { id: 2, ...sentOf(init) }),
    );
    const rest = await flushQueue([q(1), q(2)], () => undefined, () => undefined);
    expect(rest).toEqual([{ ...q(1), failed: 'Too long' }]);
  });
});
