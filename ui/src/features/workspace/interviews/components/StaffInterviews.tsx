// The interview part of an applicant's dialog on the board (staff who review applicants):
// the upcoming interview with "Change the interview…" and "Cancel the interview…", or
// "Schedule interview…" (date and time in Ulaanbaatar time, length, https link or place,
// a note), and the earlier ones. Server field errors beside their fields, focus on the first.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../../lib/api';
import { FormMessage, useForm } from '../../../../lib/form';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { TextInput } from '../../../../ui/fields/inputs';
import { cancelAsStaff, listForApplication, rescheduleInterview, scheduleInterview, type Interview, type InterviewList } from '../api';
import { Facts, I } from './Facts';
import { ubParts } from '../../../../lib/ubtime';

const pad = (s: string) => (/^\d:\d\d$/.test(s) ? `0${s}` : s);

function ScheduleForm({ appId, editing, onDone, onClose }: { appId: number; editing: Interview | null; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [date, time] = editing ? ubParts(editing.start) : ['', ''];
  const at = { date, time };
  const form = useForm({
    start: at.date,
    time: at.time,
    minutes: String(editing?.minutes ?? 45),
    link: editing?.link ?? '',
    place: editing?.place ?? '',
    note: editing?.note ?? '',
  });
  const { attach, values: v } = form;
  const field = (name: 'start' | 'time' | 'minutes' | 'link' | 'place' | 'note') => ({
    id: `iv-${name}`,
    name,
    value: v[name],
    error: form.errors[name],
    onValue: (x: string) => form.set(name, x),
    autoComplete: 'off',
  });
  const send = form.submit(async () => {
    const body = { start: `${v.start.trim()}T${pad(v.time.trim())}`, minutes: Number(v.minutes) || 0, link: v.link, place: v.place, note: v.note };
    try {
      if (editing) await rescheduleInterview(editing.id, body);
      else await scheduleInterview(appId, body);
      toast.success(t(editing ? `${I}.rescheduled` : `${I}.scheduled`));
      onDone();
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} noValidate onSubmit={send} class="iv-form" aria-labelledby="iv-form-h">
      <h4 id="iv-form-h">{t(editing ? `${I}.changeTitle` : `${I}.scheduleTitle`)}</h4>
      <FormMessage message={form.message} />
      <div class="grid">
        <TextInput {...field('start')} type="date" label={t(`${I}.form.start`)} hint={t(`${I}.form.startHint`)} required />
        <TextInput {...field('time')} label={t(`${I}.time`)} inputMode="numeric" required />
      </div>
      <TextInput {...field('minutes')} label={t(`${I}.form.minutes`)} hint={t(`${I}.form.minutesHint`)} inputMode="numeric" required />
      <TextInput {...field('link')} label={t(`${I}.form.link`)} hint={t(`${I}.form.linkHint`)} />
      <TextInput {...field('place')} label={t(`${I}.form.place`)} />
      <TextInput {...field('note')} label={t(`${I}.form.note`)} rows={3} />
      <div class="button-row">
        <button type="submit" aria-busy={form.busy ? 'true' : undefined}>
          {t(editing ? `${I}.form.save` : `${I}.form.submit`)}
        </button>
        <button type="button" class="secondary outline" onClick={onClose}>
          {t(`${I}.form.close`)}
        </button>
      </div>
    </form>
  );
}

function CancelForm({ v, onDone, onClose }: { v: Interview; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ reason: '' });
  const { attach } = form;
  const send = form.submit(async () => {
    try {
      await cancelAsStaff(v.id, form.values.reason);
      toast.success(t(`${I}.cancelledToast`));
      onDone();
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} noValidate onSubmit={send}>
      <FormMessage message={form.message} />
      <TextInput id="iv-reason" name="reason" label={t(`${I}.cancelReason`)} value={form.values.reason} error={form.errors.reason} onValue={(x) => form.set('reason', x)} autoComplete="off" rows={2} required />
      <div class="button-row">
        <button type="submit" class="secondary" aria-busy={form.busy ? 'true' : undefined}>
          {t(`${I}.cancelSubmit`)}
        </button>
        <button type="button" class="secondary outline" onClick={onClose}>
          {t(`${I}.form.close`)}
        </button>
      </div>
    </form>
  );
}

/** The interviews of application appId; onChanged after a change (the application's status may have moved). */
export function StaffInterviews({ appId, onChanged }: { appId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<InterviewList | null>(null);
  const [mode, setMode] = useState<'' | 'schedule' | 'change' | 'cancel'>('');
  const [error, setError] = useState('');
  const load = () =>
    listForApplication(appId).then(setList, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  // The dialog keys this part by the application, so a new one starts afresh.
  useEffect(() => {
    load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appId]);
  const done = () => {
    setMode('');
    load();
    onChanged();
  };
  if (error) return <FormMessage message={error} />;
  if (!list) return null;
  const upcoming = list.items.find((x) => x.canReschedule || ((x.status === 'proposed' || x.status === 'confirmed' || x.status === 'change_requested') && !x.past));
  const earlier = list.items.filter((x) => x !== upcoming);
  return (
    <section class="iv" aria-labelledby="iv-h">
      <h3 id="iv-h">{t(`${I}.title`)}</h3>
      {upcoming && <Facts v={upcoming} staff />}
      {upcoming && mode === '' && (
        <div class="button-row">
          {upcoming.canReschedule && (
            <button type="button" class="secondary" onClick={() => setMode('change')}>
              {t(`${I}.change`)}
            </button>
          )}
          {upcoming.canCancel && (
            <button type="button" class="secondary outline" onClick={() => setMode('cancel')}>
              {t(`${I}.cancel`)}
            </button>
          )}
        </div>
      )}
      {list.canSchedule && mode === '' && (
        <button type="button" class="secondary" id="iv-schedule" onClick={() => setMode('schedule')}>
          {t(`${I}.schedule`)}
        </button>
      )}
      {(mode === 'schedule' || (mode === 'change' && upcoming)) && (
        <ScheduleForm appId={appId} editing={mode === 'change' ? (upcoming ?? null) : null} onDone={done} onClose={() => setMode('')} />
      )}
      {mode === 'cancel' && upcoming && <CancelForm v={upcoming} onDone={done} onClose={() => setMode('')} />}
      {earlier.length > 0 && (
        <details>
          <summary>{t(`${I}.history`)}</summary>
          <ul class="iv-history">
            {earlier.map((x) => (
              <li key={x.id}>
                <Facts v={x} staff />
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
