// An event's page, /forums/{community}/events/{id} (rendered on the server for public
// communities as a signed-out reader sees it; the app then asks the API with the reader's
// cookie): when (Ulaanbaatar time), where, the description, how many are going, the reader's
// answer (going / not going), and for the community's admins and moderators the form to change
// it, cancelling with a reason, and its history. /forums/{community}/events/new is the form of
// a new event.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { formatWhen } from '../../../../lib/ubtime';
import { useHydrated } from '../../../../lib/query';
import { loginUrl, onApiError, useSession } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { Alert } from '../../../../ui/Alert';
import { describedBy, Messages } from '../../../../ui/fields/field';
import { DateField, TextField } from '../../../../ui/fields/TextField';
import type { PageData } from '../../community/api';
import { Pending, usePageData, useTitle } from '../../community/components/parts';
import { type Answer, answerEvent, cancelEvent, createEvent, type EventRequest, type EventView, getEvent, updateEvent } from '../api';
import { Attendance, E } from '../CommunityEvents';
import { instant, ubParts, when } from '../time';

const dec = (s: string) => decodeURIComponent(s);
function TextArea({ id, label, hint, error, value, onValue }: { id: string; label: string; hint?: string; error?: string; value: string; onValue: (v: string) => void }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} name={id} rows={4} value={value} aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy(id, hint, error)}
        onInput={(e) => onValue(e.currentTarget.value)} />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

/** The event's form (new or changed): both languages, dates and times in Ulaanbaatar, where, capacity. */
function EventForm({ slug, initial, onSaved }: { slug: string; initial?: EventView; onSaved: (e: EventView) => void }) {
  const { t } = useTranslation();
  const src = initial?.source;
  const [sd, st] = src ? ubParts(src.start) : ['', ''];
  const [ed, et] = src ? ubParts(src.end) : ['', ''];
  const form = useForm({
    titleEn: src?.titleEn ?? '',
    titleMn: src?.titleMn ?? '',
    descriptionEn: src?.descriptionEn ?? '',
    descriptionMn: src?.descriptionMn ?? '',
    startDate: sd,
    startTime: st,
    endDate: ed,
    endTime: et,
    place: src?.place ?? '',
    onlineUrl: src?.onlineUrl ?? '',
    capacity: src ? String(src.capacity) : '0',
  });
  const { attach, values: v } = form;
  const F = `${E}.form`;
  const save = form.submit(async () => {
    const start = instant(v.startDate, v.startTime);
    const end = instant(v.endDate, v.endTime);
    const local: Record<string, string> = {};
    if (!start && (v.startDate || v.startTime)) local.startDate = t(`${F}.badTime`);
    if (!end && (v.endDate || v.endTime)) local.endDate = t(`${F}.badTime`);
    if (Object.keys(local).length) return form.fail(local);
    const capacity = v.capacity.trim() === '' ? 0 : Number(v.capacity);
    const body = {
      titleEn: v.titleEn,
      titleMn: v.titleMn,
      descriptionEn: v.descriptionEn,
      descriptionMn: v.descriptionMn,
      place: v.place,
      onlineUrl: v.onlineUrl,
      capacity: Number.isInteger(capacity) ? capacity : -1,
      ...(start ? { start } : {}),
      ...(end ? { end } : {}),
    } as EventRequest;
    try {
      const e = initial ? await updateEvent(slug, initial.id, body) : await createEvent(slug, body);
      toast.success(t(initial ? `${E}.form.saved` : `${E}.form.created`));
      onSaved(e);
    } catch (err) {
      const e = err as ApiError;
      if (e?.errors) {
        // The server names the instants start and end: their date fields carry the message.
        const { start: s, end: en, ...rest } = e.errors;
        form.failWith({ ...e, errors: { ...rest, ...(s ? { startDate: s } : {}), ...(en ? { endDate: en } : {}) } });
      } else form.failWith(e);
    }
  });
  return (
    <form ref={attach} onSubmit={save} noValidate class="comm-form">
      <FormMessage message={form.message} />
      <div class="grid">
        <TextField id="ev-titleEn" label={t(`${F}.titleEn`)} {...form.text('titleEn')} />
        <TextField id="ev-titleMn" label={t(`${F}.titleMn`)} {...form.text('titleMn')} />
      </div>
      <TextArea id="ev-descriptionEn" label={t(`${F}.descriptionEn`)} value={v.descriptionEn} error={form.errors.descriptionEn}
        onValue={(x) => form.set('descriptionEn', x)} />
      <TextArea id="ev-descriptionMn" label={t(`${F}.descriptionMn`)} value={v.descriptionMn} error={form.errors.descriptionMn}
        onValue={(x) => form.set('descriptionMn', x)} />
      <p class="muted">{t(`${F}.timeHint`)}</p>
      <div class="grid">
        <DateField id="ev-startDate" label={t(`${F}.startDate`)} {...form.text('startDate')} />
        <TextField id="ev-startTime" label={t(`${F}.startTime`)} inputMode="numeric" maxLength={5} hint={t(`${F}.timeFormat`)} {...form.text('startTime')} />
      </div>
      <div class="grid">
        <DateField id="ev-endDate" label={t(`${F}.endDate`)} {...form.text('endDate')} />
        <TextField id="ev-endTime" label={t(`${F}.endTime`)} inputMode="numeric" maxLength={5} hint={t(`${F}.timeFormat`)} {...form.text('endTime')} />
      </div>
      <p class="muted">{t(`${F}.whereHint`)}</p>
      <div class="grid">
        <TextField id="ev-place" label={t(`${F}.place`)} {...form.text('place')} />
        <TextField id="ev-onlineUrl" type="url" label={t(`${F}.onlineUrl`)} {...form.text('onlineUrl')} />
      </div>
      <TextField id="ev-capacity" label={t(`${F}.capacity`)} inputMode="numeric" hint={t(`${F}.capacityHint`)} {...form.text('capacity')} />
      <SubmitButton busy={form.busy}>{t(initial ? `${F}.save` : `${F}.create`)}</SubmitButton>
    </form>
  );
}

/** Cancelling, with the reason everyone going is told. */
function CancelForm({ e, onDone }: { e: EventView; onDone: (e: EventView) => void }) {
  const { t } = useTranslation();
  const form = useForm({ reason: '' });
  const { attach } = form;
  const send = form.submit(async () => {
    try {
      const done = await cancelEvent(e.communitySlug, e.id, form.values.reason);
      toast.success(t(`${E}.cancel.done`));
      onDone(done);
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} onSubmit={send} noValidate>
      <FormMessage message={form.message} />
      <TextArea id="reason" label={t(`${E}.cancel.reason`)} value={form.values.reason} error={form.errors.reason} onValue={(x) => form.set('reason', x)} />
      <SubmitButton busy={form.busy}>{t(`${E}.cancel.submit`)}</SubmitButton>
    </form>
  );
}

/** Going / not going, the reader's answer pressed; "the event is full" beside the buttons. */
function AnswerControl({ e, onChange }: { e: EventView; onChange: (e: EventView) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (session.status !== 'signedIn') {
    if (e.status !== 'scheduled' || e.started) return null;
    return (
      <p>
        <Link href={loginUrl(e.link)}>{t(`${E}.signInToAnswer`)}</Link>
      </p>
    );
  }
  if (!e.can.answer) {
    if (e.can.join) {
      return (
        <p>
          <Link href={`/forums/${e.communitySlug}`}>{t(`${E}.joinToAnswer`)}</Link>
        </p>
      );
    }
    return null;
  }
  const answer = async (a: Answer) => {
    setBusy(true);
    setError('');
    try {
      onChange(await answerEvent(e.communitySlug, e.id, a));
      toast.success(t(`${E}.answered`));
    } catch (err) {
      const x = err as ApiError;
      onApiError(x);
      setError(x.errors?.answer ?? x.message);
      document.getElementById('ev-answer-going')?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset class="comm-actions" aria-describedby={error ? 'ev-answer-error' : undefined} aria-invalid={error ? 'true' : undefined}>
      <legend>{t(`${E}.answer`)}</legend>
      {(['going', 'not_going'] as const).map((a) => (
        <button key={a} id={`ev-answer-${a}`} type="button" class={e.myAnswer === a ? '' : 'secondary outline'} aria-pressed={e.myAnswer === a}
          disabled={busy} onClick={() => answer(a)}>
          {t(`${E}.answers.${a}`)}
        </button>
      ))}
      {error && (
        <p id="ev-answer-error" class="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function EventBody({ e, replace }: { e: EventView; replace: (e: EventView) => void }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  return (
    <article class="comm-page">
      <header class="page-intro">
        <p class="muted">
          <Link href={`/forums/${e.communitySlug}`}>{e.communityName}</Link>
        </p>
        <h1>{e.title}</h1>
        {e.status === 'cancelled' && <Alert variant="info">{t(`${E}.cancelledReason`, { reason: e.cancelReason })}</Alert>}
        <p>
          <strong>{t(`${E}.when`)}:</strong> {when(i18n.language, e)} <span class="muted">{t(`${E}.form.timeHint`)}</span>
        </p>
        {e.place && (
          <p>
            <strong>{t(`${E}.place`)}:</strong> {e.place}
          </p>
        )}
        {e.onlineUrl && (
          <p>
            <strong>{t(`${E}.online`)}:</strong>{' '}
            <a href={e.onlineUrl} rel="nofollow noopener noreferrer" target="_blank">
              {e.onlineUrl}
            </a>
          </p>
        )}
        {e.status === 'scheduled' && (
          <p class="muted">
            <Attendance e={e} />
            {e.started && <> · {t(`${E}.started`)}</>}
          </p>
        )}
      </header>
      {e.status === 'scheduled' && <AnswerControl e={e} onChange={replace} />}
      {e.myAnswer && e.status === 'scheduled' && (
        <p>
          {t(`${E}.mine.${e.myAnswer}`)}
          {e.myAnswer === 'going' && (
            <>
              {' '}
              <Link href="/dashboard/calendar">{t(`${E}.inCalendar`)}</Link>
            </>
          )}
        </p>
      )}
      <div class="comm-markdown" dangerouslySetInnerHTML={{ __html: e.descriptionHtml }} />
      {e.can.edit && (
        <section aria-labelledby="ev-manage">
          <h2 id="ev-manage">{t(`${E}.editTitle`)}</h2>
          <div class="comm-actions">
            <button type="button" class="secondary outline" aria-expanded={editing} onClick={() => setEditing(!editing)}>
              {t(`${E}.edit`)}
            </button>
            <button type="button" class="secondary outline" aria-expanded={cancelling} onClick={() => setCancelling(!cancelling)}>
              {t(`${E}.cancel.open`)}
            </button>
          </div>
          {editing && (
            <EventForm slug={e.communitySlug} initial={e} onSaved={(x) => {
              replace(x);
              setEditing(false);
            }} />
          )}
          {cancelling && <CancelForm e={e} onDone={(x) => {
            replace(x);
            setCancelling(false);
          }} />}
        </section>
      )}
      {e.history && e.history.length > 0 && (
        <section aria-labelledby="ev-history">
          <h2 id="ev-history">{t(`${E}.history`)}</h2>
          <ul>
            {e.history.map((h, i) => (
              <li key={i}>
                {formatWhen(i18n.language, h.at)} · {t(`${E}.actions.${h.action}`)} · {h.actor}
                {h.reason && <> · {h.reason}</>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

export function EventPage() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [, params] = useRoute<{ community: string; id: string }>('/forums/:community/events/:id');
  const slug = params ? dec(params.community) : '';
  const id = params ? dec(params.id) : '';
  const key = hydrated && params ? `/forums/${slug}/events/${id}` : null;
  const { data: e, error, replace } = usePageData<EventView>(key, (d) => (d as PageData & { event?: EventView }).event, () => getEvent(slug, id));
  useTitle(e?.title);
  if (error) {
    return (
      <>
        <h1>{t(`${E}.notFound`)}</h1>
        <Alert variant={error.status === 404 ? 'info' : 'error'}>{error.message}</Alert>
        <p>
          <Link href={`/forums/${slug}`}>{t(`${E}.back`)}</Link>
        </p>
      </>
    );
  }
  if (!e) return <Pending hydrated={hydrated} title={t(`${E}.notFound`)} />;
  return <EventBody e={e} replace={replace} />;
}

export function NewEventPage() {
  const { t } = useTranslation();
  const [, params] = useRoute<{ community: string }>('/forums/:community/events/new');
  const [, navigate] = useLocation();
  const slug = params ? dec(params.community) : '';
  useTitle(t(`${E}.newTitle`));
  return (
    <div class="comm-page">
      <p class="muted">
        <Link href={`/forums/${slug}`}>{t(`${E}.back`)}</Link>
      </p>
      <h1>{t(`${E}.newTitle`)}</h1>
      <EventForm slug={slug} onSaved={(e) => navigate(e.link)} />
    </div>
  );
}

// The routes' names for the pages (features/communities/routes.tsx).
export { EventPage as event, NewEventPage as newEvent };
