// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../test/render';
import { configureApi, get, post } from './api';
import { createI18n } from './i18n';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function withFetch(impl: (url: string, init: RequestInit) => Response | Promise<Response>, lang: 'en' | 'mn' = 'en') {
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => impl(String(url), init ?? {}));
  configureApi({ baseURL: '/api', fetch: fetch as typeof globalThis.fetch, i18n: createI18n(lang, resources) });
  return fetch;
}

afterEach(() => configureApi({ baseURL: '/api', fetch: undefined }));

describe('api', () => {
  it('GET returns the parsed data and sends language and credentials', async () => {
    const fetch = withFetch(() => json(200, { id: 7 }), 'mn');
    await expect(get('/auth/me')).resolves.toEqual({ id: 7 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/auth/me');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect((init!.headers as Record<string, string>)['Accept-Language']).toBe('mn');
  });

  it('POST sends JSON', async () => {
    const fetch = withFetch(() => json(200, { ok: true }));
    await expect(post('auth/login', { email: 'a@b.mn' })).resolves.toEqual({ ok: true });
    const [, init] = fetch.mock.calls[0];
    expect(init).toMatchObject({ method: 'POST', body: '{"email":"a@b.mn"}' });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('POST sends a FormData as it is, without a JSON content type (the browser writes the boundary)', async () => {
    const fetch = withFetch(() => json(201, { id: 1 }));
    const form = new FormData();
    form.set('application', '{}');
    await expect(post('opportunities/x/applications', form)).resolves.toEqual({ id: 1 });
    const [, init] = fetch.mock.calls[0];
    expect(init!.body).toBe(form);
    expect((init!.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('uses the configured base URL', async () => {
    const fetch = withFetch(() => json(200, []));
    configureApi({ baseURL: 'https://api.example.test/v2/' });
    await get('/post/list');
    expect(fetch.mock.calls[0][0]).toBe('https://api.example.test/v2/post/list');
  });

  it("rejects with the server's JSON error body", async () => {
    const body = { message: 'Please correct the highlighted fields.', errors: { email: 'Enter an email.' } };
    withFetch(() => json(422, body));
    await expect(post('/auth/register', {})).rejects.toEqual({ ...body, status: 422 });
  });

  it.each([
    ['en', 'Something went wrong'],
    ['mn', 'Алдаа гарлаа'],
  ] as const)('falls back to the generic message in %s when there is no JSON body', async (lang, message) => {
    withFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }), lang);
    await expect(get('/x')).rejects.toEqual({ message, status: 502 });
    withFetch(() => {
      throw new TypeError('Failed to fetch');
    }, lang);
    await expect(get('/x')).rejects.toEqual({ message });
    withFetch(() => json(500, { error: 'no message field' }), lang);
    await expect(get('/x')).rejects.toEqual({ message, status: 500 });
  });
});
