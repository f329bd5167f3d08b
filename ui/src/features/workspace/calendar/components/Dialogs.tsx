// The calendar's dialogs: a day's items (month view), an item's details (with an invitation's
// answer and an appointment's move form) and an event's form. Not needed to paint the calendar,
// so they and their words (the sections workspaceCalendar.editor and workspaceCalendar.booking)
// are loaded after the page (pages/Calendar.tsx), not in its first load.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { FormMessage, useForm } from '../../../../lib/form';
import { formatDate } from '../../../../lib/formatTime';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { Dialog } from '../../../../ui/Dialog';
import { TextField } from '../../../../ui/fields/TextField';
import { createEvent, deleteEvent, type CalendarItem, respond, updateEvent } from '../api';
import { at, hhmm, ymd } from '../grid';
import { Agenda } from './Agenda';
import { RescheduleForm } from './RescheduleForm';

const K = 'workspaceCalendar.calendar';
const E = 'workspaceCalendar.editor';

/** The event form's start: an event to change, or a day (and a span of it) for a new one. */
export type Editing = { item?: CalendarItem; day: string; startTime?: string; end?: string; endTime?: string };

export interface DialogsProps {
  items: CalendarItem[];
  /** The day whose dialog is open (month view), the item shown, the event edited. */
  openDay: string | null;
  shown: CalendarItem | null;
  editing: Editing | null;
  onCloseDay: () => void;
  onCloseItem: () => void;
  onCloseEditor: () => void;
  /** An item of the day's dialog was chosen. */
  onOpen: (item: CalendarItem) => void;
  onNewOn: (day: string) => void;
  /** Something was saved: the dialog closes and the calendar reloads. */
  onDone: () => void;
}

export function Dialogs(p: DialogsProps) {
  const { t } = useTranslation();
  const { openDay, shown, editing } = p;
  return (
    <>
      {openDay && (
        <Dialog open onClose={p.onCloseDay} id="cal-day" title={t(`${E}.dayTitle`, { date: formatDate(t, openDay) })}>
          <Agenda days={[openDay]} items={p.items} onOpen={p.onOpen} bare />
          <button type="button" onClick={() => p.onNewOn(openDay)}>
            {t(`${E}.newOn`)}
          </button>
        </Dialog>
      )}
      {shown && (
        <Dialog open onClose={p.onCloseItem} id="cal-item" title={shown.title}>
          <ItemDetail item={shown} onResponded={p.onDone} />
          {shown.kind === 'appointment' && shown.canMove && <RescheduleForm id={shown.id} start={shown.start} onDone={p.onDone} />}
        </Dialog>
      )}
      {editing && <EventDialog editing={editing} onDone={p.onDone} onClose={p.onCloseEditor} />}
    </>
  );
}

function ItemDetail({ item, onResponded }: { item: CalendarItem; onResponded: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const answer = (r: 'accepted' | 'declined') =>
    respond(item.id, r).then(
      () => {
        toast.success(t(`${E}.responded`));
        onResponded();
      },
      (err: ApiError) => {
        onApiError(err);
        setError(err.message);
      },
    );
  return (
    <>
      {item.kind === 'invitation' && (
        <>
          <p>{t(`${E}.from`, { name: item.owner })}</p>
          <p>{t(`${E}.inviteStatus.${item.status}`)}</p>
          {error && <FormMessage message={error} />}
          <div class="button-row">
            <button type="button" disabled={item.status === 'accepted'} onClick={() => answer('accepted')}>
              {t(`${E}.accept`)}
            </button>
            <button type="button" class="secondary outline" disabled={item.status === 'declined'} onClick={() => answer('declined')}>
              {t(`${E}.decline`)}
            </button>
          </div>
        </>
      )}
      <p>
        {t(`${K}.kinds.${item.kind}`)}
        {item.kind === 'deadline' && ` · ${t(`${E}.deadlineStatus.${item.status}`)}`}
        {item.kind === 'appointment' && ` · ${t(`workspaceCalendar.booking.statuses.${item.status}`)}`}
        {item.kind === 'interview' && ` · ${t(`${E}.interviewStatus.${item.status}`)}`}
      </p>
      <p>{item.allDay ? formatDate(t, ymd(new Date(item.start))) : `${formatDate(t, item.start)}, ${hhmm(item.start)} – ${hhmm(item.end)}`}</p>
      {item.location && <p>{item.location}</p>}
      {item.notes && <p class="cal-notes">{item.notes}</p>}
      <Link href={item.link}>{t(`${E}.open`)}</Link>
    </>
  );
}

/** Create or edit an event: dates as YYYY-MM-DD and times as HH:MM, errors beside their fields. */
function EventDialog({ editing, onDone, onClose }: { editing: Editing; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const item = editing.item;
  const form = useForm({
    title: item?.title ?? '',
    start: item ? ymd(new Date(item.start)) : editing.day,
    startTime: item ? hhmm(item.start) : (editing.startTime ?? '09:00'),
    end: item ? ymd(new Date(item.end)) : (editing.end ?? editing.day),
    endTime: item ? hhmm(item.end) : (editing.endTime ?? '10:00'),
    location: item?.location ?? '',
    notes: item?.notes ?? '',
    invitees: (item?.invitees ?? []).map((i) => i.email).join(', '),
  });
  const { attach, values: v } = form;
  const save = form.submit(async () => {
    const start = at(v.start, v.startTime);
    const end = at(v.end, v.endTime);
    const local: Record<string, string> = {};
    if (!start) local[at(v.start, '00:00') ? 'startTime' : 'start'] = t(`${E}.badTime`);
    if (!end) local[at(v.end, '00:00') ? 'endTime' : 'end'] = t(`${E}.badTime`);
    if (Object.keys(local).length) return form.fail(local);
    const invitees = v.invitees
      .split(/[,;\s]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    const body = { title: v.title, location: v.location, notes: v.notes, start: start!, end: end!, invitees };
    try {
      if (item) await updateEvent(item.id, body);
      else await createEvent(body);
      toast.success(t(`${E}.saved`));
      onDone();
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  const remove = async () => {
    if (!item) return;
    try {
      await deleteEvent(item.id);
      toast.success(t(`${E}.deleted`));
      onDone();
    } catch (err) {
      form.failWith(err as ApiError);
    }
  };
  const f = (name: keyof typeof v, extra: { hint?: string; type?: 'text' } = {}) => (
    <TextField id={`ev-${name}`} label={t(`${E}.fields.${name}`)} {...form.text(name)} {...extra} />
  );
  return (
    <Dialog open onClose={onClose} id="cal-edit" title={item ? t(`${E}.edit`) : t(`${K}.new`)}>
      <form ref={attach} onSubmit={save} noValidate>
        <FormMessage message={form.message} />
        {f('title')}
        <div class="grid">
          {f('start', { hint: t('ui.dateField.hint') })}
          {f('startTime', { hint: t(`${E}.fields.timeHint`) })}
        </div>
        <div class="grid">
          {f('end', { hint: t('ui.dateField.hint') })}
          {f('endTime', { hint: t(`${E}.fields.timeHint`) })}
        </div>
        {f('location')}
        {f('invitees', { hint: t(`${E}.inviteesHint`) })}
        {item && item.invitees.length > 0 && (
          <>
            <p>{t(`${E}.invited`)}</p>
            <ul>
              {item.invitees.map((i) => (
                <li key={i.email}>{`${i.name} — ${t(`${E}.inviteStatus.${i.status}`)}`}</li>
              ))}
            </ul>
          </>
        )}
        <div class="field">
          <label for="ev-notes">{t(`${E}.fields.notes`)}</label>
          <textarea
            id="ev-notes"
            name="notes"
            rows={3}
            value={v.notes}
            aria-invalid={form.errors.notes ? 'true' : undefined}
            aria-describedby={form.errors.notes ? 'ev-notes-error' : undefined}
            onInput={(e) => form.set('notes', e.currentTarget.value)}
          />
          {form.errors.notes && (
            <small id="ev-notes-error" class="field__error">
              {form.errors.notes}
            </small>
          )}
        </div>
        <div class="button-row">
          <button type="submit" aria-busy={form.busy ? 'true' : undefined}>
            {t(`${E}.save`)}
          </button>
          {item && (
            <button type="button" class="secondary outline" onClick={remove}>
              {t(`${E}.delete`)}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
