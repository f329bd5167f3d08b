import { useEffect, useState } from 'react';
import i18next, { type i18n as I18n } from 'i18next';

/** The error every failed call rejects with: the server's JSON error body, or a generic message. */
export interface ApiError {
  message: string;
  /** The server's machine code ("invalid", "email_taken", "token_expired" …). */
  code?: string;
  errors?: Record<string, string>;
  status?: number;
}

interface ApiConfig {
  baseURL: string;
  fetch?: typeof fetch;
  i18n: I18n;
}

const config: ApiConfig = { baseURL: '/api', i18n: i18next };

/** Changes where calls go (default "/api"), the fetch used, or the i18n instance for languages. */
export function configureApi(options: Partial<ApiConfig>): void {
  Object.assign(config, options);
}

export const get = <T = unknown>(path: string): Promise<T> => request<T>('GET', path);

export const post = <T = unknown>(path: string, body?: unknown): Promise<T> => request<T>('POST', path, body);

export const put = <T = unknown>(path: string, body?: unknown): Promise<T> => request<T>('PUT', path, body);

export const patch = <T = unknown>(path: string, body?: unknown): Promise<T> => request<T>('PATCH', path, body);

export const del = <T = unknown>(path: string, body?: unknown): Promise<T> => request<T>('DELETE', path, body);

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (config.i18n.language) headers['Accept-Language'] = config.i18n.language;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body instanceof FormData) {
    // A form upload (multipart/form-data): the browser writes the header with its boundary.
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let res: Response;
  try {
    res = await (config.fetch ?? fetch)(url(path), init);
  } catch {
    throw generic();
  }
  const data = await readJson(res);
  if (res.ok) return data as T;
  if (isErrorBody(data)) throw { ...data, status: res.status } satisfies ApiError;
  throw { ...generic(), status: res.status } satisfies ApiError;
}

function url(path: string): string {
  const base = config.baseURL.replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}`;
}

async function readJson(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(data: unknown): data is ApiError {
  return typeof data === 'object' && data !== null && typeof (data as ApiError).message === 'string';
}

function generic(): ApiError {
  return { message: config.i18n.t('errors.generic') };
}

/** The value, once it has stopped changing for `ms`: search boxes ask the API when people pause typing. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
