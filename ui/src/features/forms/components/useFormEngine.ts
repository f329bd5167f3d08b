// The state of one public form: its answers (never cleared by an error), the messages beside
// its fields, its sections, the draft, and sending it once.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { del, get, put } from '../../../lib/api';
import { type User, useSession } from '../../../lib/session';
import type { Timer } from '../../../lib/toast';
import { browserStorage, createDraftStore, type Draft, type DraftStore, type RemoteDrafts } from './draft';
import { fieldId, firstSectionWith, type Messages, parseName, removeRow as shiftRows, replaceFor, unplaced } from './errors';
import { type FormName, type FormSchema, mergeSchema, SCHEMAS } from './schemas';
import { createSubmitter, fetchSchema, fetchToken, type Receipt, type SubmitError } from './submit';
import { type Problems, validate } from './validate';
import { type ContactRow, emptyValues, fromDraft, isBlank, rows as rowsOf, toDraft, toPayload, type Value, type Values } from './values';

export interface EngineOptions {
  form: FormName;
  /** Prefix of the element ids ("vol" → "vol-email"). */
  prefix: string;
  /** The fields of each section in order; one section of every field when left out. */
  sections?: string[][];
  /** A review step after the last section. */
  review?: boolean;
  /** Keep a draft: on this device, or also on the server for signed-in users. */
  draft?: 'local' | 'sync' | false;
  /** Fields never written to a draft (health details). */
  notInDraft?: string[];
  /** Answers to fill in for a signed-in user (only where the field is still empty). */
  prefill?: (user: User) => Partial<Values>;
  now?: () => Date;
  timer?: Timer;
}

type Focus = { to: 'invalid' | 'heading' | 'done' | 'message'; n: number };

const realTimer: Timer = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** The server's drafts of one form (GET answers 404 when there is none). */
export const remoteDrafts = (form: FormName): RemoteDrafts => ({
  // The server answers {"data": null} when there is no draft.
  get: () =>
    get<{ data: unknown; updatedAt?: string }>(`/forms/${form}/draft`).then((d) =>
      d && d.data != null ? { data: d.data, updatedAt: d.updatedAt ?? '' } : null,
    ),
  put: (data) => put(`/forms/${form}/draft`, { data }),
  del: () => del(`/forms/${form}/draft`),
});

const STEP_KEY = '__step';

export function useFormEngine(opts: EngineOptions) {
  const { t } = useTranslation();
  const { form, prefix } = opts;
  const now = opts.now ?? (() => new Date());
  const session = useSession();
  const user = session.status === 'signedIn' ? session.user : undefined;

  const [schema, setSchema] = useState<FormSchema>(SCHEMAS[form]);
  const optSections = opts.sections;
  const sections = useMemo(() => optSections ?? [Object.keys(SCHEMAS[form].fields)], [form, optSections]);
  const known = useMemo(() => sections.flat(), [sections]);
  const lastStep = sections.length - (opts.review ? 0 : 1);

  const [values, setValues] = useState<Values>(() => emptyValues(SCHEMAS[form]));
  const [messages, setMessages] = useState<Messages>({});
  const [formMessage, setFormMessage] = useState('');
  const [step, setStep] = useState(0);
  const [sending, setSending] = useState(false);
  const [receipt, setReceipt] = useState<(Receipt & { email: string }) | null>(null);
  const [website, setWebsite] = useState('');
  const [ready, setReady] = useState(false);
  const [offer, setOffer] = useState<Draft | null>(null);
  const [focus, setFocus] = useState<Focus | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  const token = useRef<string | undefined>(undefined);
  const submitter = useMemo(() => createSubmitter(), []);
  const draft = useRef<DraftStore | undefined>(undefined);
  const touched = useRef(false);
  const offered = useRef(false);
  // The latest values for the handlers, which update it themselves before setting state.
  const valuesRef = useRef(values);
  useLayoutEffect(() => {
    valuesRef.current = values;
  }, [values]);
  // The latest options for the effects below, which run on their own triggers (the form, the
  // session) rather than whenever a page passes a new callback or array.
  const latest = useRef(opts);
  useLayoutEffect(() => {
    latest.current = opts;
  });

  const translate = (problems: Problems): Messages =>
    Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, t(p.key, p.args)]));

  const loadToken = () =>
    fetchToken().then(
      (tok) => (token.current = tok),
      () => undefined,
    );

  // Shown in the browser: the form token, the server's schema, the draft store.
  useEffect(() => {
    // After hydration on purpose: the prerendered form is inert until the browser has it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setReady(true);
    loadToken();
    fetchSchema(form).then(
      (s) => setSchema(mergeSchema(form, s)),
      () => undefined,
    );
    const { draft: keep, timer } = latest.current;
    if (keep) {
      const storage = browserStorage();
      draft.current = createDraftStore(form, { storage, timer: timer ?? realTimer, now: () => Date.now() });
    }
    const leave = () => draft.current?.flush();
    // The listener comes off the window it went on: a cleanup that runs late (a test's
    // environment already torn down, where the global is gone) must not throw.
    const win = window;
    win.addEventListener('pagehide', leave);
    return () => {
      win.removeEventListener('pagehide', leave);
      draft.current?.dispose();
    };
  }, [form]);

  // Once we know who is there: the prefill (while rendering, once per signed-in user: state
  // derived from the session, not set in an effect after it), then the server copy of the
  // draft (signed in) and the offer.
  const [prefilledFor, setPrefilledFor] = useState<typeof user>();
  if (user && opts.prefill && prefilledFor !== user) {
    setPrefilledFor(user);
    const fill = opts.prefill(user);
    setValues((v) => {
      const next = { ...v };
      for (const [k, val] of Object.entries(fill)) if (val && !v[k]) next[k] = val as Value;
      return next;
    });
  }
  const sessionKnown = session.status !== 'unknown';
  const signedIn = !!user;
  useEffect(() => {
    if (!sessionKnown) return;
    if (latest.current.draft === 'sync') draft.current?.setRemote(signedIn ? remoteDrafts(form) : undefined);
    if (!offered.current && draft.current) {
      offered.current = true;
      draft.current.offer().then((d) => {
        if (d && !isBlank(fromDraft(SCHEMAS[form], d.data, emptyValues(SCHEMAS[form])))) setOffer(d);
      });
    }
  }, [sessionKnown, signedIn, form]);

  // Every change after the person starts typing goes to the draft (debounced there).
  useEffect(() => {
    if (!touched.current || receipt || !draft.current) return;
    draft.current.save({ ...toDraft(values, latest.current.notInDraft), [STEP_KEY]: step });
  }, [values, step, receipt]);

  // Focus follows what happened: the first invalid field, the new section, the confirmation.
  useEffect(() => {
    if (!focus) return;
    const root = formRef.current?.closest('.form-frame') ?? document;
    let el: HTMLElement | null = null;
    if (focus.to === 'invalid') {
      el = (formRef.current ?? root).querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!el) el = root.querySelector<HTMLElement>(`#${prefix}-alert`);
    } else if (focus.to === 'heading') {
      el = root.querySelector<HTMLElement>(`#${prefix}-step-heading`);
    } else if (focus.to === 'done') {
      el = document.getElementById(`${prefix}-done`);
    } else {
      el = root.querySelector<HTMLElement>(`#${prefix}-alert`);
    }
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
  }, [focus, prefix]);

  const requestFocus = (to: Focus['to']) => setFocus((f) => ({ to, n: (f?.n ?? 0) + 1 }));

  /** Re-checks `names` and replaces their messages (rows: only those of the row field given). */
  const recheck = (next: Values, names: string[], only?: string) => {
    const found = translate(validate(form, next, schema, now(), names));
    setMessages((m) => {
      if (only) {
        const out = { ...m };
        delete out[only];
        if (found[only]) out[only] = found[only];
        return out;
      }
      return replaceFor(m, names, found);
    });
  };

  // The joined rules: a change here may settle a message there.
  const linked: Record<string, string[]> = { traits: ['traitsOther'], fullDuration: ['availability'], howHeard: ['howHeardOther'] };

  const set = (name: string, value: Value) => {
    touched.current = true;
    const next = { ...valuesRef.current, [name]: value };
    valuesRef.current = next;
    setValues(next);
    const watching = [name, ...(linked[name] ?? [])].filter((n) => Object.keys(messages).some((k) => parseName(k).field === n));
    if (watching.length) {
      // Only messages already shown are refreshed while typing; new ones wait for blur or Next.
      const found = translate(validate(form, next, schema, now(), watching));
      setMessages((m) => {
        const out = { ...m };
        for (const k of Object.keys(out)) if (watching.includes(parseName(k).field) && !found[k]) delete out[k];
        for (const [k, v] of Object.entries(found)) if (k in out) out[k] = v;
        return out;
      });
    }
  };

  /** Leaving a field: its message appears (when it has a value or had one already). */
  const blur = (name: string) => {
    const { field } = parseName(name);
    const v = valuesRef.current;
    const val = name === field ? v[field] : rowsOf(v[field])[parseName(name).row!]?.[parseName(name).sub as keyof ContactRow];
    const filled = typeof val === 'string' ? val.trim() !== '' : Array.isArray(val) && val.length > 0;
    if (!filled && !(name in messages)) return;
    recheck(v, [field], name === field ? undefined : name);
  };

  const removeRow = (group: string, index: number) => {
    touched.current = true;
    const list = rowsOf(valuesRef.current[group]).filter((_, i) => i !== index);
    const next = { ...valuesRef.current, [group]: list };
    valuesRef.current = next;
    setValues(next);
    setMessages((m) => shiftRows(m, group, index));
  };

  const showProblems = (found: Messages, checked: string[]) => {
    setMessages((m) => replaceFor(m, checked, found));
    requestFocus('invalid');
  };

  const goTo = (i: number, focusHeading = true) => {
    setStep(Math.max(0, Math.min(lastStep, i)));
    setFormMessage('');
    if (focusHeading) requestFocus('heading');
  };

  const next = () => {
    const fields = sections[step] ?? [];
    const found = translate(validate(form, valuesRef.current, schema, now(), fields));
    if (Object.keys(found).length) return showProblems(found, fields);
    setMessages((m) => replaceFor(m, fields, {}));
    goTo(step + 1);
  };

  const prev = () => goTo(step - 1);

  /** Puts messages beside their fields, opens the first section that has one, and focuses it. */
  const placeMessages = (msgs: Messages, replace: boolean) => {
    setMessages((m) => (replace ? msgs : { ...m, ...msgs }));
    const others = unplaced(msgs, known);
    setFormMessage(others.join(' '));
    const first = firstSectionWith(msgs, sections);
    if (first >= 0 && first !== step) setStep(first);
    requestFocus('invalid');
  };

  const submit = async (e?: Event) => {
    e?.preventDefault();
    if (sending || !ready) return;
    if (opts.review && step < lastStep) return next();
    setFormMessage('');
    const current = valuesRef.current;
    const found = translate(validate(form, current, schema, now()));
    if (Object.keys(found).length) return placeMessages(found, true);
    setSending(true);
    try {
      if (!token.current) await loadToken();
      const body = toPayload(schema, current, { website, formToken: token.current ?? '' });
      const r = await submitter.submit(form, body);
      await draft.current?.clear();
      touched.current = false;
      setOffer(null);
      setReceipt({ ...r, email: String(current.email ?? '').trim().toLowerCase() });
      setMessages({});
      requestFocus('done');
    } catch (err) {
      const e2 = err as SubmitError;
      if (e2.errors && Object.keys(e2.errors).length) {
        placeMessages(e2.errors, false);
      } else {
        let text = e2.message || t('errors.generic');
        if (e2.status === 429 && e2.retryAfter) text = `${text} ${t('forms.ui.retryAfter', { count: e2.retryAfter })}`;
        setFormMessage(text);
        requestFocus('message');
      }
    } finally {
      setSending(false);
    }
  };

  /** After a confirmation: an empty form again (a new key was made already). */
  const startOver = () => {
    setValues(emptyValues(schema));
    setMessages({});
    setStep(0);
    setReceipt(null);
    touched.current = false;
    loadToken();
  };

  const restore = () => {
    if (!offer) return;
    const restored = fromDraft(schema, offer.data, emptyValues(schema));
    valuesRef.current = restored;
    setValues(restored);
    const s = Number(offer.data[STEP_KEY]);
    setStep(Number.isInteger(s) ? Math.max(0, Math.min(lastStep, s)) : 0);
    setOffer(null);
    setMessages({});
    touched.current = true;
    requestFocus('heading');
  };

  const discard = () => {
    setOffer(null);
    draft.current?.clear();
  };

  // ---- props for the field components ----

  const id = (name: string) => fieldId(prefix, name);
  const required = (name: string) => !!schema.fields[name]?.required;

  /** A text-like field. */
  const text = (name: string) => ({
    id: id(name),
    name,
    value: typeof values[name] === 'string' ? (values[name] as string) : '',
    error: messages[name],
    required: required(name),
    onValue: (v: string) => set(name, v),
    onBlur: () => blur(name),
  });

  /** A radio or select field. */
  const choice = (name: string) => ({ ...text(name), onValue: (v: string) => set(name, v) });

  /** A checkbox group. */
  const choices = (name: string) => ({
    id: id(name),
    name,
    value: Array.isArray(values[name]) ? (values[name] as string[]) : [],
    error: messages[name],
    required: (schema.fields[name]?.min ?? 0) > 0,
    onValue: (v: string[]) => set(name, v),
  });

  /** A repeatable contact group. */
  const group = (name: string) => ({
    prefix,
    name,
    rows: rowsOf(values[name]),
    messages,
    max: schema.fields[name]?.max ?? schema.maxContacts,
    min: schema.fields[name]?.min ?? 1,
    error: messages[name],
    onChange: (rows: ContactRow[]) => set(name, rows),
    onRemove: (index: number) => removeRow(name, index),
    onBlur: blur,
  });

  return {
    form,
    prefix,
    schema,
    sections,
    values,
    messages,
    formMessage,
    step,
    lastStep,
    sending,
    receipt,
    ready,
    offer,
    website,
    setWebsite,
    formRef,
    set,
    next,
    prev,
    goTo,
    submit,
    startOver,
    restore,
    discard,
    text,
    choice,
    choices,
    group,
    /** For tests: the Idempotency-Key the next send carries. */
    key: () => submitter.key(),
  };
}

export type Engine = ReturnType<typeof useFormEngine>;
