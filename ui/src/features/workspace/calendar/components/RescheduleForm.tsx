// An appointment moved to another time of the host (rescheduleBooking), from the calendar's
// dialog and the appointments page: its new day (YYYY-MM-DD) and start (HH:MM); the server's
// reason (a taken, past or unoffered time) beside the time, the values kept.
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../../lib/api';
import { FormMessage, useForm } from '../../../../lib/form';
import { toast } from '../../../../lib/toast';
import { TextField } from '../../../../ui/fields/TextField';
import { reschedule } from '../api';
import { at, hhmm, ymd } from '../grid';

const K = 'workspaceCalendar.calendar';
const E = 'workspaceCalendar.editor';

export function RescheduleForm({ id, start, onDone }: { id: number; start: string; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ day: ymd(new Date(start)), start: hhmm(start) });
  const { attach, values: v } = form;
  const save = form.submit(async () => {
    const when = at(v.day, v.start);
    if (!when) return form.fail({ [at(v.day, '00:00') ? 'start' : 'day']: t(`${E}.badTime`) });
    try {
      await reschedule(id, when);
      toast.success(t(`${K}.appointmentMoved`));
      onDone();
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} onSubmit={save} noValidate aria-labelledby={`move-title-${id}`} class="cal-move">
      <h3 id={`move-title-${id}`}>{t(`${E}.moveTitle`)}</h3>
      <FormMessage message={form.message} />
      <div class="grid">
        <TextField id={`move-day-${id}`} label={t(`${E}.moveDay`)} hint={t('ui.dateField.hint')} {...form.text('day')} />
        <TextField id={`move-start-${id}`} label={t(`${E}.moveStart`)} hint={t(`${E}.fields.timeHint`)} {...form.text('start')} />
      </div>
      <button type="submit" aria-busy={form.busy ? 'true' : undefined}>
        {t(`${E}.moveSubmit`)}
      </button>
    </form>
  );
}
