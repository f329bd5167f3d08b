// Sending a form: POST /api/forms/{form} with an Idempotency-Key made when the form was shown.
// A retry of the same filled form (a double click, a retry after a timeout) carries the same
// key, so the server makes one submission and answers the retry with the first answer; after
// a success the next form gets a new key.
import i18next from 'i18next';
import { type ApiError, get } from '../../../lib/api';
import type { FormName, FormSchema } from './schemas';

/** The answer to a valid submission. */
export interface Receipt {
  reference: string;
  form: FormName;
  createdAt: string;
}

/** A failed submission: the server's message, code and field messages, and Retry-After (s). */
export interface SubmitError extends ApiError {
  retryAfter?: number;
}

/** A random id for the Idempotency-Key (crypto.randomUUID where the page is a secure context). */
export function newKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export type Send = (form: FormName, body: unknown, key: string) => Promise<Receipt>;

/** POST /api/forms/{form} with the key; rejects with a SubmitError. */
export const send: Send = async (form, body, key) => {
  const generic = (): SubmitError => ({ message: i18next.t('errors.generic') });
  let res: Response;
  try {
    res = await fetch(`/api/forms/${form}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': i18next.language || 'en',
        'Idempotency-Key': key,
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw generic();
  }
  const data = (await res.json().catch(() => undefined)) as (Receipt & SubmitError) | undefined;
  if (res.ok && data?.reference) return data;
  const retry = Number(res.headers.get('Retry-After'));
  const err: SubmitError = data && typeof data.message === 'string' ? { ...data } : generic();
  err.status = res.status;
  if (retry > 0) err.retryAfter = retry;
  throw err;
};

export interface Submitter {
  /** The key the next send carries. */
  key(): string;
  /** Sends; while a send is under way another call gets the same promise (one request). */
  submit(form: FormName, body: unknown): Promise<Receipt>;
}

export function createSubmitter(deps: { send?: Send; newKey?: () => string } = {}): Submitter {
  const doSend = deps.send ?? send;
  const make = deps.newKey ?? newKey;
  let key = make();
  let inFlight: Promise<Receipt> | undefined;
  return {
    key: () => key,
    submit(form, body) {
      if (inFlight) return inFlight;
      inFlight = doSend(form, body, key).then(
        (receipt) => {
          key = make(); // the next form is a new submission
          inFlight = undefined;
          return receipt;
        },
        (err) => {
          inFlight = undefined; // a retry of this same form keeps the key
          throw err;
        },
      );
      return inFlight;
    },
  };
}

/** GET /api/forms/token: the signed start time the form sends back. */
export const fetchToken = (): Promise<string> => get<{ formToken: string }>('/forms/token').then((r) => r.formToken);

/** GET /api/forms/{form}/schema. */
export const fetchSchema = (form: FormName): Promise<Partial<FormSchema>> => get<Partial<FormSchema>>(`/forms/${form}/schema`);
