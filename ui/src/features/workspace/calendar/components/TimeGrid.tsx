// The week and day views: hours down the side, days across, all-day items in a row on top,
// timed items placed by start and end (overlapping ones side by side), a line at the current
// time, scrolled to working hours when it opens.
//
// One's own events move and resize. Mouse (or pen): drag an event to another day and hour, drag
// its bottom edge to change its end or its top edge to change its start (15-minute steps),
// Escape cancels a drag; drag over empty hours (or click them) to create an event for that span.
// Keyboard, with an event focused: up/down move it by 15 minutes, left/right by a day,
// Shift+up/down change its end, Alt+up/down its start. Appointments the person may reschedule
// move (not resize) the same ways, by keys a slot's length at a time. The page
// saves each change optimistically and rolls it back when the server refuses (Calendar.tsx).
import type { TargetedKeyboardEvent, TargetedPointerEvent } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/formatTime';
import type { CalendarItem } from '../api';
import { atMinute, chooseTime, type Cursor, dayLength, hhmm, itemsOn, layoutDay, minutesInto, onDay, parseDay, resized, resizedStart, shifted, SNAP, snap, tapStart } from '../grid';

const K = 'workspaceCalendar.calendar';
/** An item's length in minutes. */
const lengthOf = (i: { start: string; end: string }) => (Date.parse(i.end) - Date.parse(i.start)) / 60_000;
/** Where the hours open: 08:00. */
const WORK_START = 8;
/** Pointer travel (px) before a press becomes a drag. */
const THRESHOLD = 4;
/** How near the edge of the hours (px) a drag scrolls them. */
const EDGE = 24;
/** How long a finger holds an item (ms) before it lifts and drags, and how far it may stray (px) meanwhile. */
const HOLD = 400;
const SLOP = 10;

export type Change = { start: string; end: string };
/** What a change does: moves the item, or moves its end ('resize') or its start ('start'). */
export type How = 'move' | 'resize' | 'start';
/** What a key asked of an appointment: a step up (-1) or down (1), or a number of days. */
export type KeyStep = { dir: number; days: number };

type Drag =
  | { mode: How; item: CalendarItem; day: string; x: number; y: number; at: number; moved: boolean }
  | { mode: 'create'; day: string; x: number; y: number; at: number; moved: boolean };

type Preview = { key: string; change: Change } | { create: string; from: number; to: number } | null;

export interface TimeGridProps {
  days: string[];
  items: CalendarItem[];
  today: string;
  onOpen: (item: CalendarItem) => void;
  /** A change by pointer or key; `key` says what a key asked for (`dir`: up -1 or down 1, `days`: left or right). */
  onChange: (item: CalendarItem, to: Change, how: How, by: 'pointer' | 'key', key?: KeyStep) => void;
  onCreate: (day: string, from: number, to: number) => void;
  onCancel: () => void;
  /** A finger's touch and hold lifted an item (said in the live region). */
  onLift: () => void;
  /** An appointment was picked up by the pointer (the page fetches where it may go), or put down (null). */
  onPick?: (item: CalendarItem | null) => void;
  /** The free times of the appointment being moved, shaded in the grid (the other hours dimmed). */
  free?: Change[] | null;
}

export function TimeGrid(props: TimeGridProps) {
  const { t } = useTranslation();
  const { days, today } = props;
  const body = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const refocus = useRef('');
  const [preview, setPreview] = useState<Preview>(null);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  // Open at working hours (once; later renders keep the person's scroll).
  useLayoutEffect(() => {
    const el = body.current;
    const col = el?.querySelector<HTMLElement>('.tg-col');
    if (el && col) el.scrollTop = (col.offsetHeight / 24) * WORK_START;
  }, []);
  // After a key moved an event, it keeps the focus (it may be in another day's column now),
  // until the person focuses something else or uses the pointer. Not "once": a render may come
  // before the move reaches the items (the announcement), and a moved event is a new element
  // in its new column, so the focus is given again to whichever element has the key.
  useLayoutEffect(() => {
    const key = refocus.current;
    if (!key) return;
    const el = body.current?.querySelector<HTMLElement>(`[data-key="${key}"]`);
    if (el && document.activeElement !== el) el.focus();
  });
  useEffect(() => {
    const moveOn = (e: Event) => {
      if (refocus.current && !(e.target instanceof HTMLElement && e.target.dataset.key === refocus.current)) refocus.current = '';
    };
    document.addEventListener('focusin', moveOn);
    document.addEventListener('pointerdown', moveOn);
    return () => {
      document.removeEventListener('focusin', moveOn);
      document.removeEventListener('pointerdown', moveOn);
    };
  }, []);

  const items = props.items.map((i) => (preview && 'key' in preview && preview.key === i.key ? { ...i, ...preview.change } : i));

  /** The day column under x and the minutes into it at y. */
  const where = (x: number, y: number, sameDay?: string) => {
    const cols = [...(body.current?.querySelectorAll<HTMLElement>('.tg-col') ?? [])];
    let col = cols.find((c) => c.dataset.col === sameDay);
    if (!col) {
      col = cols.find((c) => x < c.getBoundingClientRect().right) ?? cols[cols.length - 1];
    }
    const day = col.dataset.col!;
    const r = col.getBoundingClientRect();
    return { day, min: ((y - r.top) / r.height) * dayLength(day) };
  };

  const changeOf = (d: Extract<Drag, { item: CalendarItem }>, x: number, y: number): Change => {
    if (d.mode === 'resize') {
      const { min } = where(x, y, d.day);
      const end = minutesInto(d.item.end, d.day);
      return resized(d.item, snap(end + min - d.at) - end);
    }
    if (d.mode === 'start') {
      const { min } = where(x, y, d.day);
      const begin = minutesInto(d.item.start, d.day);
      return resizedStart(d.item, snap(begin + min - d.at) - begin);
    }
    const { day, min } = where(x, y);
    const start = minutesInto(d.item.start, d.day);
    const daysAcross = Math.round((parseDay(day).getTime() - parseDay(d.day).getTime()) / 86_400_000);
    return shifted(d.item, daysAcross, snap(start + min - d.at) - start);
  };

  // The window's listeners during a drag: stable functions that call this render's handlers.
  type Live = {
    move: (e: PointerEvent) => void;
    up: (e: PointerEvent) => void;
    escape: (e: KeyboardEvent) => void;
    cancel: () => void;
    holdMove: (e: PointerEvent) => void;
    holdEnd: () => void;
  };
  const live = useRef<Live | null>(null);
  const [on] = useState(() => ({
    move: (e: PointerEvent) => live.current?.move(e),
    up: (e: PointerEvent) => live.current?.up(e),
    escape: (e: KeyboardEvent) => live.current?.escape(e),
    cancel: () => live.current?.cancel(),
    holdMove: (e: PointerEvent) => live.current?.holdMove(e),
    holdEnd: () => live.current?.holdEnd(),
    // A lifted finger drags: the page must not scroll under it (the browser would take the
    // touch over and cancel the drag).
    touch: (e: TouchEvent) => e.cancelable && e.preventDefault(),
  }));
  const listen = (add: boolean) => {
    const f = add ? window.addEventListener.bind(window) : window.removeEventListener.bind(window);
    f('pointermove', on.move as EventListener);
    f('pointerup', on.up as EventListener);
    f('pointercancel', on.cancel);
    f('keydown', on.escape as EventListener, true);
    if (add) window.addEventListener('touchmove', on.touch, { passive: false });
    else window.removeEventListener('touchmove', on.touch);
  };
  const finish = () => {
    drag.current = null;
    setPreview(null);
    listen(false);
  };
  const onMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < THRESHOLD) return;
    if (!d.moved && d.mode === 'move' && d.item.kind === 'appointment') props.onPick?.(d.item);
    d.moved = true;
    // Near the top or bottom of the hours, they scroll (the column's place moves with them).
    const hours = body.current;
    if (hours) {
      const r = hours.getBoundingClientRect();
      if (e.clientY < r.top + EDGE) hours.scrollTop -= EDGE / 2;
      else if (e.clientY > r.bottom - EDGE) hours.scrollTop += EDGE / 2;
    }
    if (d.mode === 'create') {
      const { min } = where(e.clientX, e.clientY, d.day);
      const a = Math.floor(d.at / SNAP) * SNAP;
      const b = snap(min);
      setPreview({ create: d.day, from: Math.min(a, b), to: Math.max(Math.max(a, b), Math.min(a, b) + SNAP) });
    } else {
      setPreview({ key: d.item.key, change: changeOf(d, e.clientX, e.clientY) });
    }
  };
  const onUp = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    finish();
    if (d.mode === 'create') {
      const from = Math.floor(d.at / SNAP) * SNAP;
      if (!d.moved) return props.onCreate(d.day, from, Math.min(from + 60, dayLength(d.day)));
      const b = snap(where(e.clientX, e.clientY, d.day).min);
      const lo = Math.max(0, Math.min(from, b));
      return props.onCreate(d.day, lo, Math.min(dayLength(d.day), Math.max(Math.max(from, b), lo + SNAP)));
    }
    if (d.moved || suppressClick.current) {
      // No click after a drag, nor after a finger's lift (a click may or may not follow it).
      suppressClick.current = true;
      window.setTimeout(() => (suppressClick.current = false), 400);
    }
    if (!d.moved) return;
    const to = changeOf(d, e.clientX, e.clientY);
    if (to.start !== d.item.start || to.end !== d.item.end) props.onChange(d.item, to, d.mode, 'pointer');
    if (d.item.kind === 'appointment') props.onPick?.(null);
  };
  // Touch and hold: HOLD ms without the finger going further than SLOP px lifts the item.
  const held = useRef<{ timer: number; x: number; y: number; id: number } | null>(null);
  const unhold = () => {
    if (held.current) clearTimeout(held.current.timer);
    held.current = null;
    window.removeEventListener('pointermove', on.holdMove);
    window.removeEventListener('pointerup', on.holdEnd);
    window.removeEventListener('pointercancel', on.holdEnd);
  };
  const holdMove = (e: PointerEvent) => {
    const h = held.current;
    if (h && e.pointerId === h.id && Math.hypot(e.clientX - h.x, e.clientY - h.y) > SLOP) unhold();
  };
  const onEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !drag.current) return;
    e.preventDefault();
    e.stopPropagation();
    cancelDrag();
  };
  /** Escape, or the browser taking the pointer over: the item goes back, the drag is said to be cancelled. */
  const cancelDrag = () => {
    const d = drag.current;
    if (!d) return;
    const lifted = d.mode !== 'create' && suppressClick.current; // by a finger's hold
    suppressClick.current = true;
    finish();
    if (d.moved || lifted) props.onCancel();
    if (d.mode !== 'create' && d.item.kind === 'appointment') props.onPick?.(null);
  };
  useLayoutEffect(() => {
    live.current = { move: onMove, up: onUp, escape: onEscape, cancel: cancelDrag, holdMove, holdEnd: unhold };
  });
  // The hours listen to touchmove all the time (not passive), so that the browser waits for them
  // before it scrolls and a lifted item's first move is never taken for a scroll.
  useEffect(() => {
    const el = body.current;
    const f = (e: TouchEvent) => drag.current && e.cancelable && e.preventDefault();
    el?.addEventListener('touchmove', f, { passive: false });
    return () => el?.removeEventListener('touchmove', f);
  }, []);
  useEffect(
    () => () => {
      listen(false);
      unhold();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [on],
  );

  const begin = (d: Drag) => {
    suppressClick.current = false;
    drag.current = d;
    listen(true);
  };
  const start = (e: TargetedPointerEvent<HTMLElement>, d: Drag) => {
    if (e.button !== 0) return;
    if (e.pointerType === 'touch') {
      // A finger scrolls the hours and taps to open; touching and holding an item of one's
      // own lifts it, and then it drags. A tap on empty hours opens the new event's form
      // (as phone calendars do): a finger that moves scrolls instead, and is no tap.
      if (d.mode !== 'create') hold(e, d);
      else tapped.current = { x: e.clientX, y: e.clientY, id: e.pointerId, day: d.day, at: d.at };
      return;
    }
    e.preventDefault();
    begin(d);
  };

  const tapped = useRef<{ x: number; y: number; id: number; day: string; at: number } | null>(null);
  const onTapEnd = (e: TargetedPointerEvent<HTMLElement>) => {
    const p = tapped.current;
    tapped.current = null;
    if (!p || e.pointerId !== p.id || e.type !== 'pointerup' || Math.hypot(e.clientX - p.x, e.clientY - p.y) > SLOP) return;
    const from = tapStart(p.at);
    props.onCreate(p.day, from, Math.min(from + 60, dayLength(p.day)));
  };

  // The keyboard's way to an empty time: one focusable "time chooser" (a slider) before the
  // hours; the arrows choose the day and time, shown as a box in the grid, Enter opens the new
  // event's form there for an hour.
  const [chosen, setChosen] = useState<Cursor | null>(null);
  const [choosing, setChoosing] = useState(false);
  /** The chosen time, or 09:00 of today (or the view's first day) until one is chosen in this view. */
  const valid = (c: Cursor | null): Cursor => (c && days.includes(c.day) ? c : { day: days.includes(today) ? today : days[0], min: 9 * 60 });
  const chooser = valid(chosen);
  const cursor = choosing ? chooser : null;
  const onChooserKey = (e: TargetedKeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      return props.onCreate(chooser.day, chooser.min, Math.min(chooser.min + 60, dayLength(chooser.day)));
    }
    if (!chooseTime(chooser, e.key, days)) return;
    e.preventDefault();
    setChosen((c) => chooseTime(valid(c), e.key, days)); // from the latest choice (keys may come faster than renders)
  };
  // The chosen time stays in sight.
  useLayoutEffect(() => {
    if (choosing) body.current?.querySelector('.tg-chosen')?.scrollIntoView({ block: 'nearest' });
  }, [choosing, chosen]);

  const hold = (e: TargetedPointerEvent<HTMLElement>, d: Drag) => {
    unhold();
    const timer = window.setTimeout(() => {
      unhold();
      if (d.mode === 'create') return;
      begin({ ...d, moved: false });
      suppressClick.current = true; // the lift is not a tap
      setPreview({ key: d.item.key, change: { start: d.item.start, end: d.item.end } });
      props.onLift();
      if (d.item.kind === 'appointment') props.onPick?.(d.item);
      navigator.vibrate?.(10);
    }, HOLD);
    held.current = { timer, x: e.clientX, y: e.clientY, id: e.pointerId };
    window.addEventListener('pointermove', on.holdMove);
    window.addEventListener('pointerup', on.holdEnd);
    window.addEventListener('pointercancel', on.holdEnd);
  };

  const onKey = (e: TargetedKeyboardEvent<HTMLButtonElement>, item: CalendarItem) => {
    if (!item.canMove || e.ctrlKey || e.metaKey) return;
    // An appointment moves by its own length (the next slot when the host has no break) and
    // keeps it; an event by 15 minutes.
    const appointment = item.kind === 'appointment';
    const unit = appointment ? lengthOf(item) : SNAP;
    const step = e.key === 'ArrowUp' ? -unit : e.key === 'ArrowDown' ? unit : 0;
    let to: Change | null = null;
    let how: How = 'move';
    if ((e.shiftKey || e.altKey) && appointment) return;
    if (e.altKey && e.shiftKey) return;
    if (e.altKey && step) [to, how] = [resizedStart(item, step), 'start'];
    else if (e.altKey) return;
    else if (e.shiftKey && step) [to, how] = [resized(item, step), 'resize'];
    else if (!e.shiftKey && step) to = shifted(item, 0, step);
    else if (!e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) to = shifted(item, e.key === 'ArrowLeft' ? -1 : 1, 0);
    if (!to) return;
    e.preventDefault();
    if (to.start === item.start && to.end === item.end) return;
    refocus.current = item.key;
    props.onChange(item, to, how, 'key', { dir: Math.sign(step), days: e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0 });
  };

  const pct = (min: number, day: string) => `${(min / dayLength(day)) * 100}%`;
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
  const cls = `tg${days.length === 1 ? ' tg--day' : ''}${props.free ? ' tg--picking' : ''}`;
  return (
    <div class={cls}>
      <div class="tg-row tg-head" aria-hidden="true">
        <span />
        {days.map((day) => (
          <span key={day} class={day === today ? 'tg-today' : ''}>
            {t(`${K}.weekday.${parseDay(day).getDay()}`)} {parseDay(day).getDate()}
          </span>
        ))}
      </div>
      <div class="tg-row tg-allday">
        <span class="tg-gutter">{t(`${K}.allDay`)}</span>
        {days.map((day) => (
          <ul key={day} aria-label={t(`${K}.allDayOn`, { date: formatDate(t, day) })}>
            {itemsOn(items, day)
              .filter((i) => i.allDay)
              .map((item) => (
                <li key={item.key}>
                  <button type="button" class={`cal-chip cal-chip--${item.kind}`} onClick={() => props.onOpen(item)}>
                    <span class="visually-hidden">{t(`${K}.kinds.${item.kind}`)}: </span>
                    {item.title}
                  </button>
                </li>
              ))}
          </ul>
        ))}
      </div>
      <div
        role="slider"
        tabIndex={0}
        class="visually-hidden"
        aria-label={t(`${K}.chooseLabel`)}
        aria-describedby="cal-keys-new"
        aria-valuemin={0}
        aria-valuemax={dayLength(chooser.day) - SNAP}
        aria-valuenow={chooser.min}
        aria-valuetext={`${formatDate(t, chooser.day)}, ${hhmm(atMinute(chooser.day, chooser.min))}`}
        onFocus={() => setChoosing(true)}
        onBlur={() => setChoosing(false)}
        onKeyDown={onChooserKey}
      />
      <p class="visually-hidden" id="cal-keys-new">
        {t(`${K}.chooseHint`)}
      </p>
      <div class="tg-row tg-body" ref={body}>
        <div class="tg-hours" aria-hidden="true">
          {hours.map((h) => (
            <span key={h}>{h}</span>
          ))}
        </div>
        {days.map((day) => {
          const ghost = preview && 'create' in preview && preview.create === day ? preview : null;
          const nowMin = day === today ? minutesInto(now.toISOString(), day) : -1;
          return (
            <div
              key={day}
              class="tg-col"
              data-col={day}
              role="group"
              aria-label={formatDate(t, day)}
              onPointerDown={(e) => {
                if (e.target !== e.currentTarget) return;
                const r = e.currentTarget.getBoundingClientRect();
                start(e, { mode: 'create', day, x: e.clientX, y: e.clientY, at: ((e.clientY - r.top) / r.height) * dayLength(day), moved: false });
              }}
              onPointerUp={onTapEnd}
              onPointerCancel={onTapEnd}
            >
              {props.free
                ?.filter((f) => onDay(f, day))
                .map((f) => (
                  <div
                    key={f.start}
                    class="tg-free"
                    aria-hidden="true"
                    style={{ top: pct(Math.max(0, minutesInto(f.start, day)), day), height: pct(Math.min(dayLength(day), minutesInto(f.end, day)) - Math.max(0, minutesInto(f.start, day)), day) }}
                  />
                ))}
              {layoutDay(items, day).map(({ item, top, bottom, col, cols }) => {
                const own = item.canMove;
                const resizable = own && item.kind === 'event';
                return (
                  <button
                    key={item.key}
                    type="button"
                    data-key={item.key}
                    class={`tg-ev cal-chip--${item.kind}${own ? ' tg-own' : ''}${preview && 'key' in preview && preview.key === item.key ? ' tg-dragging' : ''}`}
                    style={{ top: pct(top, day), height: pct(bottom - top, day), left: `${(col / cols) * 100}%`, width: `${100 / cols}%` }}
                    aria-describedby={own ? (resizable ? 'cal-keys' : 'cal-keys-appt') : undefined}
                    onPointerDown={
                      own
                        ? (e) => {
                            const grip = resizable ? (e.target as Element).closest('.tg-grip') : null;
                            const r = e.currentTarget.parentElement!.getBoundingClientRect();
                            const at = ((e.clientY - r.top) / r.height) * dayLength(day);
                            const mode: How = !grip ? 'move' : grip.classList.contains('tg-grip--top') ? 'start' : 'resize';
                            start(e, { mode, item, day, x: e.clientX, y: e.clientY, at, moved: false });
                          }
                        : undefined
                    }
                    onClick={() => {
                      if (suppressClick.current) {
                        suppressClick.current = false;
                        return;
                      }
                      props.onOpen(item);
                    }}
                    onKeyDown={(e) => onKey(e, item)}
                    onContextMenu={(e) => (held.current || drag.current) && e.preventDefault()}
                  >
                    <span class="cal-time">{`${hhmm(item.start)}–${hhmm(item.end)}`}</span> <span class="visually-hidden">{t(`${K}.kinds.${item.kind}`)}: </span>
                    {item.title}
                    {resizable && <span class="tg-grip tg-grip--top" aria-hidden="true" />}
                    {resizable && <span class="tg-grip" aria-hidden="true" />}
                  </button>
                );
              })}
              {ghost && <div class="tg-ghost" aria-hidden="true" style={{ top: pct(ghost.from, day), height: pct(ghost.to - ghost.from, day) }} />}
              {cursor?.day === day && (
                <div class="tg-ghost tg-chosen" aria-hidden="true" style={{ top: pct(cursor.min, day), height: pct(Math.min(60, dayLength(day) - cursor.min), day) }} />
              )}
              {nowMin >= 0 && nowMin < dayLength(day) && <div class="tg-now" aria-hidden="true" style={{ top: pct(nowMin, day) }} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}
