// /dashboard/calendar: the person's events, appointments, followed deadlines and program dates
// in a month, week, day or agenda view (grids of our own: no calendar library in the bundle).
// Month: the arrow keys move between days, Enter opens a day, whose dialog lists its items and
// creates an event on it; drag one's own event to another day. Week and day: hour grids
// (components/TimeGrid.tsx) where one's own events move and resize by mouse and keyboard, each
// change saved optimistically and rolled back, with a message, when the server refuses it. On a
// phone the week is shown a day at a time. Below: the private .ics feed for phone calendars.
import type { ComponentChildren, ComponentType, TargetedDragEvent, TargetedKeyboardEvent } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../../lib/api';
import { formatDate } from '../../../../lib/formatTime';
import { type LazyView, lazyView, type PageComponent, prepare } from '../../../../lib/lazy';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { adoptStyles } from '../../../../lib/styles';
import css from '../calendar.css?inline';
import { Alert } from '../../../../ui/Alert';
import { type CalendarItem, getFeed, listItems, makeFeed, moveSlots, reschedule, revokeFeed, type Feed, updateEvent } from '../api';
import { addDays, atMinute, drawnOn, hhmm, isFree, itemsOn, moveToDay, nextFree, parseDay, shifted, step, type View, VIEWS, windowOf, WEEKDAYS, ymd } from '../grid';
import { Agenda, ItemLine } from '../components/Agenda';
import type { DialogsProps, Editing } from '../components/Dialogs';
import type { Change, How, KeyStep, TimeGridProps } from '../components/TimeGrid';

adoptStyles(css);

const K = 'workspaceCalendar.calendar';

export function Calendar() {
  return <DashboardShell page="calendar">{() => <CalendarBody />}</DashboardShell>;
}

// Loaded after the page (on first use at the latest), not needed to paint it: the hour grid of
// the week and day views (the page opens on the month), and the dialogs (a day's items, an
// item's details and move form, an event's form) with their words. A dialog opens once its
// code and words are there (no raw keys). The dialogs' sections are the route module's own
// (listed by the booking page, which uses them too), so they are not in every page's entry.
const hourGrid = lazyView('workspace/calendar/components/TimeGrid', () => import('../components/TimeGrid').then((m) => m.TimeGrid));
const dialogsView = lazyView('workspace/calendar/components/Dialogs', () => import('../components/Dialogs').then((m) => m.Dialogs));
const gridSections: string[] = [];
const dialogSections = ['workspaceCalendar.editor', 'workspaceCalendar.booking'];

/** A part of the page loaded after it: the component once it is there (null before); render it with <Later>. */
function useLater<P>(view: LazyView, sections: string[]) {
  const { i18n } = useTranslation();
  const [Loaded, setLoaded] = useState<PageComponent | null>(() => view.loaded() ?? null);
  useEffect(() => {
    if (Loaded) return;
    let live = true;
    prepare({ view, sections }, i18n).then(
      () => live && setLoaded(() => view.loaded() ?? null),
      () => undefined, // offline: it does not show
    );
    return () => {
      live = false;
    };
  }, [Loaded, i18n, view, sections]);
  return Loaded as ComponentType<P> | null;
}

/** A part loaded after the page, with its props (nothing while it is not there, or without props). */
function Later<P extends object>({ part, props, fallback = null }: { part: ComponentType<P> | null; props: P | null; fallback?: ComponentChildren }) {
  if (!part) return <>{fallback}</>;
  const Part = part;
  return props ? <Part {...props} /> : null;
}

/** A message of the page (the markup of lib/form's FormMessage, without the forms' code). */
function Problem({ message }: { message: string }) {
  return (
    <div role="alert" class="form-message">
      <Alert variant="error">{message}</Alert>
    </div>
  );
}

const NARROW = '(max-width: 600px)';
/** How long the keys rest (ms) before an appointment moved by them is sent. */
const KEY_REST = 1000;

/** Whether the screen is a phone's (the week is then shown a day at a time). */
function useNarrow() {
  const [narrow, setNarrow] = useState(() => typeof matchMedia === 'function' && matchMedia(NARROW).matches);
  useEffect(() => {
    const m = matchMedia(NARROW);
    const f = () => setNarrow(m.matches);
    m.addEventListener('change', f);
    return () => m.removeEventListener('change', f);
  }, []);
  return narrow;
}

function CalendarBody() {
  const { t } = useTranslation();
  const [chosen, setView] = useState<View>('month');
  const narrow = useNarrow();
  const view: View = narrow && chosen === 'week' ? 'day' : chosen;
  const [said, say] = useState('');
  const [anchor, setAnchor] = useState(() => ymd(new Date()));
  const [items, setItems] = useState<CalendarItem[] | null>(null);
  const [error, setError] = useState('');
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const later = useLater<DialogsProps>(dialogsView, dialogSections);
  const grid = useLater<TimeGridProps>(hourGrid, gridSections);
  const [shown, setShown] = useState<CalendarItem | null>(null);
  const win = windowOf(view, anchor);

  const load = useCallback(() => {
    const w = windowOf(view, anchor);
    listItems(w.from, w.to).then(
      (r) => {
        setItems(r.items);
        setError('');
      },
      (err: ApiError) => {
        onApiError(err);
        setError(err.message);
      },
    );
  }, [view, anchor]);
  useEffect(load, [load]);

  const today = ymd(new Date());
  const d = parseDay(anchor);
  const heading =
    view === 'month'
      ? t(`${K}.monthTitle`, { monthName: t(`format.months.${d.getMonth() + 1}`), year: String(d.getFullYear()) })
      : view === 'day'
        ? formatDate(t, anchor)
        : `${formatDate(t, win.days[0])} – ${formatDate(t, win.days[win.days.length - 1])}`;

  const open = (item: CalendarItem) => (item.kind === 'event' ? setEditing({ item, day: ymd(new Date(item.start)) }) : setShown(item));
  /** Replaces an item of the window (added back when a reload answered before a change was saved). */
  const put = (key: string, x: CalendarItem) => setItems((list) => list && (list.some((i) => i.key === key) ? list.map((i) => (i.key === key ? x : i)) : [...list, x]));
  /** Once saved, a change moved out of the view (the next day of the day view, past the week's edge) takes the view with it. */
  const follow = (start: string) => {
    const day = ymd(new Date(start));
    if (!win.days.includes(day)) setAnchor(day);
  };
  // An appointment picked up (by the pointer, a finger's hold or its first key) shows the host's
  // free times in the visible days, asked for once per pick; the other hours are dimmed. A drop
  // on a time that is not free goes back at once with the reason (the server still decides
  // every move it is sent). The answer is kept in a ref for the handlers, in state for the grid.
  const [free, setFree] = useState<{ key: string; slots: Change[] } | null>(null);
  const asked = useRef<{ key: string; slots: Promise<Change[] | null>; list?: Change[] } | null>(null);
  const pick = (item: CalendarItem | null): Promise<Change[] | null> => {
    if (!item) {
      asked.current = null;
      setFree(null);
      return Promise.resolve(null);
    }
    if (asked.current?.key === item.key) return asked.current.slots;
    const ask: NonNullable<typeof asked.current> = {
      key: item.key,
      slots: moveSlots(item.id, win.from, win.to).then(
        (r) => r.items,
        (err: ApiError) => {
          onApiError(err);
          return null; // not shown: the server decides on the drop, as before
        },
      ),
    };
    asked.current = ask;
    ask.slots.then((list) => {
      if (asked.current !== ask || !list) return;
      ask.list = list;
      setFree({ key: item.key, slots: list });
      say(t(`${K}.freeShown`));
    });
    return ask.slots;
  };
  /** The free times known for an item now (undefined while they are not). */
  const freeOf = (item: CalendarItem) => (asked.current?.key === item.key ? asked.current.list : undefined);
  const refuse = (item: CalendarItem, from: CalendarItem) => {
    put(item.key, from);
    const why = `${t(`${K}.appointmentBack`)} ${t(`${K}.notFree`)}`;
    toast.error(why);
    say(why);
    pick(null);
  };
  // Keys move an appointment a step at a time: it is sent once the keys rest, so the other
  // person is told of where it ends up, not of each step. Up and down go to the host's next or
  // previous free time (the times between are not offered); left and right a day.
  const pending = useRef(new Map<string, { from: CalendarItem; to: Change; timer: number }>());
  const stepAppointment = (item: CalendarItem, to: Change, key: KeyStep) => {
    const fresh = asked.current?.key !== item.key;
    pick(item).then((slots) => {
      // The first step says the free times are shown before where it went (one announcement).
      const lead = fresh && slots ? `${t(`${K}.freeShown`)} ` : '';
      const at = { ...item, ...(pending.current.get(item.key)?.to ?? {}) };
      let next = key.days ? shifted(at, key.days, 0) : to;
      if (key.dir && slots) {
        const s = nextFree(slots, at.start, key.dir);
        if (!s) {
          say(lead + t(`${K}.noFreeFurther`));
          // Nothing moved and nothing to send: the marks go once the keys rest.
          window.setTimeout(() => !pending.current.has(item.key) && asked.current?.key === item.key && pick(null), KEY_REST);
          return;
        }
        next = { start: new Date(s.start).toISOString(), end: new Date(Date.parse(s.start) + Date.parse(at.end) - Date.parse(at.start)).toISOString() };
      } else if (key.dir) next = shifted(at, 0, (key.dir * (Date.parse(at.end) - Date.parse(at.start))) / 60_000);
      moveAppointment(item, next, 'key', lead);
    });
  };
  const moveAppointment = (item: CalendarItem, to: Change, by: 'pointer' | 'key', lead = '') => {
    const was = pending.current.get(item.key);
    const from = was?.from ?? item;
    if (was) clearTimeout(was.timer);
    const slots = freeOf(item);
    if (by === 'pointer' && slots && !isFree(slots, to.start)) return refuse(item, from);
    put(item.key, { ...item, ...to });
    say(lead + t(`${K}.movedTo`, { date: formatDate(t, to.start), from: hhmm(to.start), to: hhmm(to.end) }));
    const send = () => {
      pending.current.delete(item.key);
      const known = freeOf(item);
      if (by === 'key' && known && !isFree(known, to.start)) return refuse(item, from);
      if (by === 'key') pick(null);
      reschedule(from.id, to.start).then(
        (saved) => {
          put(item.key, { ...item, start: saved.start, end: saved.end, canMove: saved.canReschedule });
          toast.success(t(`${K}.appointmentMoved`));
          follow(saved.start);
        },
        (err: ApiError) => {
          onApiError(err);
          put(item.key, from);
          const why = `${t(`${K}.appointmentBack`)} ${err.errors?.start ?? err.message}`;
          toast.error(why);
          say(why);
        },
      );
    };
    if (by === 'key') pending.current.set(item.key, { from, to, timer: window.setTimeout(send, KEY_REST) });
    else send();
  };
  // A move or resize of one's own event (or appointment): shown at once, saved, put back when refused.
  const change = (item: CalendarItem, to: Change, how: How, by: 'pointer' | 'key', key?: KeyStep) => {
    if (item.kind === 'appointment') return key ? stepAppointment(item, to, key) : moveAppointment(item, to, by);
    put(item.key, { ...item, ...to });
    say(
      how === 'resize'
        ? t(`${K}.resizedTo`, { time: hhmm(to.end) })
        : how === 'start'
          ? t(`${K}.startTo`, { time: hhmm(to.start) })
          : t(`${K}.movedTo`, { date: formatDate(t, to.start), from: hhmm(to.start), to: hhmm(to.end) }),
    );
    updateEvent(item.id, { title: item.title, notes: item.notes, location: item.location, ...to }).then(
      (saved) => {
        put(item.key, { ...item, start: saved.start, end: saved.end });
        follow(saved.start);
      },
      (err: ApiError) => {
        onApiError(err);
        put(item.key, item);
        toast.error(`${t(`${K}.rolledBack`)} ${err.message}`);
        say(`${t(`${K}.rolledBack`)} ${err.message}`);
      },
    );
  };
  const create = (day: string, from: number, to: number) => {
    const end = atMinute(day, to);
    setEditing({ day, startTime: hhmm(atMinute(day, from)), end: ymd(new Date(end)), endTime: hhmm(end) });
  };
  const move = (item: CalendarItem, day: string) => {
    if (!item.canMove || ymd(new Date(item.start)) === day) return;
    const to = moveToDay(item, day);
    if (item.kind === 'appointment') return moveAppointment(item, to, 'pointer');
    updateEvent(item.id, { title: item.title, notes: item.notes, location: item.location, ...to }).then(
      () => {
        toast.success(t(`${K}.moved`));
        load();
      },
      (err: ApiError) => {
        onApiError(err);
        toast.error(err.message);
      },
    );
  };

  const dialogProps: DialogsProps | null =
    openDay || shown || editing
      ? {
          items: items ?? [],
          openDay,
          shown,
          editing,
          onCloseDay: () => setOpenDay(null),
          onCloseItem: () => setShown(null),
          onCloseEditor: () => setEditing(null),
          onOpen: (i) => (setOpenDay(null), open(i)),
          onNewOn: (day) => (setOpenDay(null), setEditing({ day })),
          onDone: () => {
            setShown(null);
            setEditing(null);
            load();
          },
        }
      : null;

  return (
    <div class="cal">
      <div class="cal-bar">
        <div role="group" aria-label={heading} class="button-row">
          <button type="button" class="secondary outline" onClick={() => setAnchor(step(view, anchor, -1))}>
            {t(`${K}.prev`)}
          </button>
          <button type="button" class="secondary outline" onClick={() => setAnchor(today)}>
            {t(`${K}.today`)}
          </button>
          <button type="button" class="secondary outline" onClick={() => setAnchor(step(view, anchor, 1))}>
            {t(`${K}.next`)}
          </button>
        </div>
        <h2 class="cal-title" aria-live="polite">
          {heading}
        </h2>
        <div role="group" aria-label={t(`${K}.viewLabel`)} class="button-row">
          {VIEWS.filter((v) => !narrow || v !== 'week').map((v) => (
            <button key={v} type="button" class={v === view ? '' : 'secondary outline'} aria-pressed={v === view ? 'true' : 'false'} onClick={() => setView(v)}>
              {t(`${K}.views.${v}`)}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => setEditing({ day: anchor })}>
          {t(`${K}.new`)}
        </button>
      </div>
      {error && <Problem message={error} />}
      {items === null ? (
        <p aria-busy="true">{t(`${K}.loading`)}</p>
      ) : view === 'week' || view === 'day' ? (
        <Later
          part={grid}
          fallback={<p aria-busy="true">{t(`${K}.loading`)}</p>}
          props={{
            days: win.days,
            items,
            today,
            onOpen: open,
            onChange: change,
            onCreate: create,
            onCancel: () => say(t(`${K}.dragCancelled`)),
            onLift: () => say(t(`${K}.lifted`)),
            onPick: pick,
            free: free?.slots,
          }}
        />
      ) : view === 'month' ? (
        <DayGrid
          days={win.days}
          items={items}
          month={anchor.slice(0, 7)}
          focus={anchor}
          today={today}
          onFocus={setAnchor}
          onOpenDay={setOpenDay}
          onOpen={open}
          onMove={move}
        />
      ) : (
        <Agenda days={win.days} items={items} onOpen={open} />
      )}
      <p class="muted" id="cal-keys">
        {t(view === 'week' || view === 'day' ? `${K}.gridHint` : `${K}.dragHint`)}
      </p>
      <p class="visually-hidden" id="cal-keys-appt">
        {t(`${K}.appointmentHint`)}
      </p>
      <p class="visually-hidden" aria-live="polite" id="cal-said">
        {said}
      </p>
      <Later part={later} props={dialogProps} />
      <FeedPanel />
    </div>
  );
}

/** The month (six weeks) or the week: a grid of days, one focusable at a time. */
function DayGrid(props: {
  days: string[];
  items: CalendarItem[];
  month: string;
  focus: string;
  today: string;
  onFocus: (day: string) => void;
  onOpenDay: (day: string) => void;
  onOpen: (item: CalendarItem) => void;
  onMove: (item: CalendarItem, day: string) => void;
}) {
  const { t } = useTranslation();
  const { days, items, month, focus, today } = props;
  const ref = useRef<HTMLTableElement>(null);
  const moved = useRef('');
  const dragged = useRef<CalendarItem | null>(null);
  // After a key moved the focus, the new day's cell takes it (it may be in a new month): in a
  // layout effect, so the focus moves with the render, not a frame later.
  useLayoutEffect(() => {
    if (!moved.current) return;
    const cell = ref.current?.querySelector<HTMLElement>(`[data-day="${moved.current}"]`);
    if (!cell) return; // not rendered yet: the next render tries again
    cell.focus();
    moved.current = '';
  });
  const keys: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  const onKey = (e: TargetedKeyboardEvent<HTMLTableCellElement>, day: string) => {
    if (e.target !== e.currentTarget) return;
    if (keys[e.key]) {
      e.preventDefault();
      const next = addDays(day, keys[e.key]);
      moved.current = next;
      props.onFocus(next);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      props.onOpenDay(day);
    }
  };
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  const max = month ? 3 : 12;
  return (
    <table role="grid" class={`cal-grid${month ? '' : ' cal-grid--week'}`} aria-label={t(`${K}.gridLabel`)} ref={ref}>
      <thead>
        <tr>
          {WEEKDAYS.map((w) => (
            <th key={w} scope="col">
              {t(`${K}.weekday.${w}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const list = itemsOn(items, day);
              const chips = list.filter((i) => drawnOn(i, day));
              const outside = month && !day.startsWith(month);
              return (
                <td
                  key={day}
                  role="gridcell"
                  data-day={day}
                  tabIndex={day === focus ? 0 : -1}
                  aria-selected={day === focus ? 'true' : 'false'}
                  aria-current={day === today ? 'date' : undefined}
                  aria-label={`${formatDate(t, day)}${list.length ? ` (${list.length})` : ''}`}
                  class={`${outside ? 'cal-out' : ''}${day === today ? ' cal-today' : ''}`}
                  onKeyDown={(e) => onKey(e, day)}
                  onClick={(e) => {
                    if (e.target === e.currentTarget) props.onFocus(day);
                  }}
                  onDblClick={(e) => e.target === e.currentTarget && props.onOpenDay(day)}
                  onDragOver={(e: TargetedDragEvent<HTMLTableCellElement>) => dragged.current && e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    if (dragged.current) props.onMove(dragged.current, day);
                    dragged.current = null;
                  }}
                >
                  <span class="cal-num" aria-hidden="true">
                    {parseDay(day).getDate()}
                  </span>
                  <ul>
                    {chips.slice(0, max).map((item) => (
                      <li key={item.key}>
                        <button
                          type="button"
                          tabIndex={-1}
                          class={`cal-chip cal-chip--${item.kind}`}
                          draggable={item.canMove}
                          onDragStart={() => (dragged.current = item)}
                          onClick={() => props.onOpen(item)}
                        >
                          <ItemLine item={item} />
                        </button>
                      </li>
                    ))}
                    {chips.length > max && (
                      <li>
                        <button type="button" tabIndex={-1} class="cal-more" onClick={() => props.onOpenDay(day)}>
                          {t(`${K}.more`, { count: chips.length - max })}
                        </button>
                      </li>
                    )}
                  </ul>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The private feed: make, remake, revoke; its address is shown once, when made. */
function FeedPanel() {
  const { t } = useTranslation();
  const [feed, setFeed] = useState<Feed | null>(null);
  const [error, setError] = useState('');
  const fail = (err: ApiError) => {
    onApiError(err);
    setError(err.message);
  };
  useEffect(() => {
    getFeed().then(setFeed, fail);
  }, []);
  const url = feed?.url ? `${window.location.origin}${feed.url}` : '';
  return (
    <section class="cal-feed" aria-labelledby="cal-feed-title">
      <h2 id="cal-feed-title">{t(`${K}.feed.title`)}</h2>
      <p>{t(`${K}.feed.text`)}</p>
      {error && <Problem message={error} />}
      {feed?.active && feed.createdAt && !url && <p>{t(`${K}.feed.active`, { date: formatDate(t, feed.createdAt) })}</p>}
      {url && (
        <div class="field">
          <label for="cal-feed-url">{t(`${K}.feed.url`)}</label>
          <input id="cal-feed-url" readOnly value={url} aria-describedby="cal-feed-secret" onFocus={(e) => e.currentTarget.select()} />
          <small id="cal-feed-secret">{t(`${K}.feed.secret`)}</small>
        </div>
      )}
      <div class="button-row">
        <button type="button" class="secondary" onClick={() => makeFeed().then(setFeed, fail)}>
          {t(feed?.active ? `${K}.feed.remake` : `${K}.feed.make`)}
        </button>
        {feed?.active && (
          <button
            type="button"
            class="secondary outline"
            onClick={() =>
              revokeFeed().then(() => {
                setFeed({ active: false, url: '' });
                toast.success(t(`${K}.feed.revoked`));
              }, fail)
            }
          >
            {t(`${K}.feed.revoke`)}
          </button>
        )}
      </div>
    </section>
  );
}
