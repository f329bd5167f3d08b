// /dashboard/booking: students book a counselor's free slot and see their appointments (cancel
// or move to another free time until the cut-off); hosts (counselors, owners, managers) see their day, record no-shows and
// publish their hours. Each part shows for those whose permissions allow it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { FormMessage, focusFirstInvalid, type FieldErrors } from '../../../../lib/form';
import { formatDate, formatDateTime } from '../../../../lib/formatTime';
import { onApiError, type User } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { adoptStyles } from '../../../../lib/styles';
import css from '../calendar.css?inline';
import { DateField, SelectField } from '../../../../ui/fields/TextField';
import {
  type Availability,
  book,
  type Booking as BookingT,
  cancelBooking,
  getAvailability,
  type Host,
  hostDay,
  listHosts,
  listSlots,
  myBookings,
  noShow,
  saveAvailability,
  type Slot,
} from '../api';
import { addDays, hhmm, WEEKDAYS, ymd } from '../grid';
import { RescheduleForm } from '../components/RescheduleForm';

adoptStyles(css);

const B = 'workspaceCalendar.booking';

export function Booking() {
  return <DashboardShell page="booking">{(user) => <BookingBody user={user} />}</DashboardShell>;
}

function BookingBody({ user }: { user: User }) {
  const can = (p: string) => user.permissions.includes(p);
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((n) => n + 1), []);
  return (
    <div class="booking">
      {can('workspace.booking.book') && (
        <>
          <BookSection onBooked={changed} version={version} />
          <MineSection version={version} onChange={changed} />
        </>
      )}
      {can('workspace.booking.host') && (
        <>
          <DaySection />
          <AvailabilitySection />
        </>
      )}
    </div>
  );
}

const useFail = (set: (m: string) => void) =>
  useCallback(
    (err: ApiError) => {
      onApiError(err);
      set(err.message);
    },
    [set],
  );

function BookingItem({ b, onChange }: { b: BookingT; onChange: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const [moving, setMoving] = useState(false);
  const fail = useFail(setError);
  const act = (fn: (id: number) => Promise<BookingT>, done: string) =>
    fn(b.id).then(() => {
      toast.success(t(done));
      onChange();
    }, fail);
  return (
    <li class={`booking-item booking-item--${b.status}`}>
      <strong>{`${formatDateTime(t, b.start)} – ${hhmm(b.end)}`}</strong>
      <span>{b.role === 'host' ? t(`${B}.day.student`, { name: b.studentName }) : t(`${B}.mine.with`, { name: b.hostName, org: b.organization })}</span>
      <span>{t(`${B}.statuses.${b.status}`)}</span>
      {b.note && <span>{t(`${B}.day.note`, { note: b.note })}</span>}
      {error && <FormMessage message={error} />}
      <span class="button-row">
        {b.canCancel && (
          <button type="button" class="secondary outline" onClick={() => act(cancelBooking, `${B}.cancelled`)}>
            {t(`${B}.cancel`)}
          </button>
        )}
        {b.canNoShow && (
          <button type="button" class="secondary outline" onClick={() => act(noShow, `${B}.day.recorded`)}>
            {t(`${B}.day.noShow`)}
          </button>
        )}
        {b.canReschedule && (
          <button type="button" class="secondary outline" aria-expanded={moving ? 'true' : 'false'} aria-controls={moving ? `move-${b.id}` : undefined} onClick={() => setMoving(!moving)}>
            {t('workspaceCalendar.editor.moveTitle')}
          </button>
        )}
      </span>
      {b.canReschedule && moving && (
        <div id={`move-${b.id}`}>
          <RescheduleForm
            id={b.id}
            start={b.start}
            onDone={() => {
              setMoving(false);
              onChange();
            }}
          />
        </div>
      )}
    </li>
  );
}

/** A counselor, their free times by day, and the booking of one. */
function BookSection({ onBooked, version }: { onBooked: () => void; version: number }) {
  const { t } = useTranslation();
  const [hosts, setHosts] = useState<Host[] | null>(null);
  const [host, setHost] = useState('');
  const [from, setFrom] = useState(() => ymd(new Date()));
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [chosen, setChosen] = useState<Slot | null>(null);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const fail = useFail(setMessage);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    listHosts().then((r) => {
      setHosts(r.items);
      if (r.items.length === 1) setHost(String(r.items[0].id));
    }, fail);
  }, [fail]);
  useEffect(() => {
    if (!host) return;
    listSlots(Number(host), from).then((r) => setSlots(r.items), fail);
  }, [host, from, version, fail]);
  useEffect(() => {
    if (chosen) noteRef.current?.focus();
  }, [chosen]);
  const confirm = async (e: Event) => {
    e.preventDefault();
    if (!chosen || busy) return;
    setBusy(true);
    setMessage('');
    try {
      await book(Number(host), chosen.start, note);
      setChosen(null);
      setNote('');
      setDone(true);
      toast.success(t(`${B}.book.done`));
      onBooked();
    } catch (err) {
      const e = err as ApiError;
      fail(e);
      if (e.status === 409) {
        setChosen(null);
        listSlots(Number(host), from).then((r) => setSlots(r.items), fail);
      }
    } finally {
      setBusy(false);
    }
  };
  const today = ymd(new Date());
  const byDay = new Map<string, Slot[]>();
  for (const s of slots ?? []) {
    const day = ymd(new Date(s.start));
    byDay.set(day, [...(byDay.get(day) ?? []), s]);
  }
  return (
    <section aria-labelledby="book-title" class="booking-part">
      <h2 id="book-title">{t(`${B}.book.title`)}</h2>
      {hosts && !hosts.length && <p>{t(`${B}.book.noHosts`)}</p>}
      {hosts && hosts.length > 0 && (
        <SelectField
          id="book-host"
          label={t(`${B}.book.host`)}
          value={host}
          placeholder={t(`${B}.book.choose`)}
          options={hosts.map((h) => ({ value: String(h.id), label: t(`${B}.book.hostOption`, { name: h.name, org: h.organization }) }))}
          onChange={(e) => {
            setHost(e.currentTarget.value);
            setChosen(null);
            setDone(false);
          }}
        />
      )}
      <div role="alert" class="form-message">
        {message && <p class="muted">{message}</p>}
      </div>
      {done && (
        <p role="status">
          {t(`${B}.book.done`)} <Link href="/dashboard/calendar">{t(`${B}.seeCalendar`)}</Link>
        </p>
      )}
      {host && slots && (
        <>
          <h3>{t(`${B}.book.free`)}</h3>
          <div class="button-row">
            <button type="button" class="secondary outline" disabled={from <= today} onClick={() => setFrom(addDays(from, -7))}>
              {t(`${B}.book.earlier`)}
            </button>
            <button type="button" class="secondary outline" onClick={() => setFrom(addDays(from, 7))}>
              {t(`${B}.book.later`)}
            </button>
          </div>
          {!slots.length && <p>{t(`${B}.book.noSlots`)}</p>}
          {[...byDay].map(([day, list]) => (
            <div key={day} role="group" aria-labelledby={`slots-${day}`} class="booking-day">
              <h4 id={`slots-${day}`}>{formatDate(t, day)}</h4>
              <div class="button-row">
                {list.map((s) => (
                  <button
                    key={s.start}
                    type="button"
                    class={chosen?.start === s.start ? '' : 'secondary outline'}
                    aria-pressed={chosen?.start === s.start ? 'true' : 'false'}
                    onClick={() => {
                      setChosen(s);
                      setDone(false);
                    }}
                  >
                    {hhmm(s.start)}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </>
      )}
      {chosen && (
        <form onSubmit={confirm} class="booking-confirm">
          <p>{t(`${B}.book.chosen`, { when: `${formatDateTime(t, chosen.start)} – ${hhmm(chosen.end)}` })}</p>
          <label for="book-note">{t(`${B}.book.note`)}</label>
          <textarea id="book-note" ref={noteRef} rows={2} maxLength={500} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
          <button type="submit" aria-busy={busy ? 'true' : undefined}>
            {t(`${B}.book.confirm`)}
          </button>
        </form>
      )}
    </section>
  );
}

function MineSection({ version, onChange }: { version: number; onChange: () => void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<BookingT[] | null>(null);
  const [error, setError] = useState('');
  const fail = useFail(setError);
  useEffect(() => {
    myBookings().then((r) => setList(r.items), fail);
  }, [version, fail]);
  return (
    <section aria-labelledby="mine-title" class="booking-part">
      <h2 id="mine-title">{t(`${B}.mine.title`)}</h2>
      <p class="muted">{t(`${B}.cutoffNote`)}</p>
      {error && <FormMessage message={error} />}
      {list && !list.length && <p>{t(`${B}.mine.none`)}</p>}
      {list && list.length > 0 && (
        <ul class="booking-list" id="my-bookings">
          {list.map((b) => (
            <BookingItem key={b.id} b={b} onChange={onChange} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The host's appointments of one day. */
function DaySection() {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => ymd(new Date()));
  const [shown, setShown] = useState(day);
  const [list, setList] = useState<BookingT[] | null>(null);
  const [error, setError] = useState('');
  const [dayError, setDayError] = useState('');
  const [version, setVersion] = useState(0);
  const fail = useFail(setError);
  useEffect(() => {
    hostDay(shown).then(
      (r) => {
        setList(r.items);
        setDayError('');
      },
      (err: ApiError) => {
        if (err.errors?.day) setDayError(err.errors.day);
        else fail(err);
      },
    );
  }, [shown, version, fail]);
  return (
    <section aria-labelledby="day-title" class="booking-part">
      <h2 id="day-title">{t(`${B}.day.title`)}</h2>
      <form
        class="booking-dayform"
        onSubmit={(e) => {
          e.preventDefault();
          setShown(day);
        }}
      >
        <DateField id="host-day" name="day" label={t(`${B}.day.date`)} value={day} error={dayError} onInput={(e) => setDay(e.currentTarget.value)} />
        <button type="submit" class="secondary">
          {t(`${B}.day.show`)}
        </button>
      </form>
      {error && <FormMessage message={error} />}
      <h3>{formatDate(t, shown)}</h3>
      {list && !list.length && <p>{t(`${B}.day.none`)}</p>}
      {list && list.length > 0 && (
        <ul class="booking-list" id="host-day-list">
          {list.map((b) => (
            <BookingItem key={b.id} b={b} onChange={() => setVersion((n) => n + 1)} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Row = { weekday: number; start: string; end: string };
type Exc = { day: string; kind: string; start: string; end: string };

/** The host's hours: length, break, time zone, weekly spans and exceptions. */
function AvailabilitySection() {
  const { t } = useTranslation();
  const [a, setA] = useState<Availability | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  const fail = useFail(setMessage);
  useEffect(() => {
    getAvailability().then(setA, fail);
  }, [fail]);
  useEffect(() => {
    if (attempt) focusFirstInvalid(formRef.current);
  }, [attempt]);
  if (!a) return null;
  const set = (patch: Partial<Availability>) => setA({ ...a, ...patch });
  const setRow = (i: number, patch: Partial<Row>) => set({ hours: a.hours.map((r, j) => (i === j ? { ...r, ...patch } : r)) });
  const setExc = (i: number, patch: Partial<Exc>) => set({ exceptions: a.exceptions.map((r, j) => (i === j ? { ...r, ...patch } : r)) as Availability['exceptions'] });
  const save = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage('');
    try {
      setA(await saveAvailability({ ...a, slotMinutes: Number(a.slotMinutes), bufferMinutes: Number(a.bufferMinutes) }));
      toast.success(t(`${B}.availability.saved`));
    } catch (err) {
      const ae = err as ApiError;
      onApiError(ae);
      setErrors(ae.errors ?? {});
      setMessage(ae.message);
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };
  const input = (name: string, label: string, value: string | number, onValue: (v: string) => void, hint = '') => (
    <div class="field">
      <label for={`av-${name}`}>{label}</label>
      <input
        id={`av-${name}`}
        name={name}
        value={String(value)}
        inputMode={typeof value === 'number' ? 'numeric' : undefined}
        aria-invalid={errors[name] ? 'true' : undefined}
        aria-describedby={[hint && `av-${name}-hint`, errors[name] && `av-${name}-error`].filter(Boolean).join(' ') || undefined}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      {hint && (
        <small id={`av-${name}-hint`} class="visually-hidden">
          {hint}
        </small>
      )}
      {errors[name] && (
        <small id={`av-${name}-error`} class="field__error">
          {errors[name]}
        </small>
      )}
    </div>
  );
  const A = `${B}.availability`;
  return (
    <section aria-labelledby="av-title" class="booking-part">
      <h2 id="av-title">{t(`${A}.title`)}</h2>
      <form ref={formRef} onSubmit={save} noValidate>
        <FormMessage message={message} />
        <div class="grid">
          {input('slotMinutes', t(`${A}.slotMinutes`), a.slotMinutes, (v) => set({ slotMinutes: v as unknown as number }))}
          {input('bufferMinutes', t(`${A}.bufferMinutes`), a.bufferMinutes, (v) => set({ bufferMinutes: v as unknown as number }))}
          <SelectField
            id="av-timeZone"
            name="timeZone"
            label={t(`${A}.timeZone`)}
            value={a.timeZone}
            error={errors.timeZone}
            options={['Asia/Ulaanbaatar', 'Asia/Hovd'].map((z) => ({ value: z, label: t(`${A}.zones.${z}`) }))}
            onChange={(e) => set({ timeZone: e.currentTarget.value as Availability['timeZone'] })}
          />
        </div>
        <label>
          <input type="checkbox" name="published" checked={a.published} onChange={(e) => set({ published: e.currentTarget.checked })} /> {t(`${A}.published`)}
        </label>
        <fieldset>
          <legend>{t(`${A}.weekly`)}</legend>
          <p class="muted">{t(`${A}.weeklyHint`)}</p>
          {a.hours.map((r, i) => (
            <div class="grid booking-row" key={i}>
              <SelectField
                id={`av-hours-${i}-weekday`}
                name={`hours.${i}.weekday`}
                label={t(`${A}.weekday`)}
                value={String(r.weekday)}
                options={WEEKDAYS.map((w) => ({ value: String(w), label: t(`workspaceCalendar.calendar.weekday.${w}`) }))}
                onChange={(e) => setRow(i, { weekday: Number(e.currentTarget.value) })}
              />
              {input(`hours.${i}.start`, t(`${A}.from`), r.start, (v) => setRow(i, { start: v }))}
              {input(`hours.${i}.end`, t(`${A}.to`), r.end, (v) => setRow(i, { end: v }))}
              <button type="button" class="secondary outline" onClick={() => set({ hours: a.hours.filter((_, j) => j !== i) })}>
                {t(`${A}.remove`)}
              </button>
            </div>
          ))}
          <button type="button" class="secondary" onClick={() => set({ hours: [...a.hours, { weekday: 1, start: '09:00', end: '12:00' }] })}>
            {t(`${A}.add`)}
          </button>
        </fieldset>
        <fieldset>
          <legend>{t(`${A}.exceptions`)}</legend>
          <p class="muted">{t(`${A}.exceptionsHint`)}</p>
          {a.exceptions.map((x, i) => (
            <div class="grid booking-row" key={i}>
              {input(`exceptions.${i}.day`, t(`${A}.date`), x.day, (v) => setExc(i, { day: v }), t('ui.dateField.hint'))}
              <SelectField
                id={`av-exceptions-${i}-kind`}
                name={`exceptions.${i}.kind`}
                label={t(`${A}.kind`)}
                value={x.kind}
                options={['off', 'extra'].map((k) => ({ value: k, label: t(`${A}.kinds.${k}`) }))}
                onChange={(e) => setExc(i, { kind: e.currentTarget.value })}
              />
              {input(`exceptions.${i}.start`, t(`${A}.from`), x.start, (v) => setExc(i, { start: v }))}
              {input(`exceptions.${i}.end`, t(`${A}.to`), x.end, (v) => setExc(i, { end: v }))}
              <button type="button" class="secondary outline" onClick={() => set({ exceptions: a.exceptions.filter((_, j) => j !== i) })}>
                {t(`${A}.remove`)}
              </button>
            </div>
          ))}
          <button
            type="button"
            class="secondary"
            onClick={() => set({ exceptions: [...a.exceptions, { day: addDays(ymd(new Date()), 1), kind: 'off', start: '', end: '' }] })}
          >
            {t(`${A}.add`)}
          </button>
        </fieldset>
        <button type="submit" aria-busy={busy ? 'true' : undefined}>
          {t(`${A}.save`)}
        </button>
      </form>
    </section>
  );
}
