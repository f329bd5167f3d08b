// An application's timeline as its applicant sees it: each status it went through and when
// (never which staff member did it).
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/formatTime';
import type { TimelineEvent } from '../types';
import { label } from './format';

export function Timeline({ events }: { events: TimelineEvent[] }) {
  const { t } = useTranslation();
  const steps = events.filter((e) => e.kind === 'status');
  return (
    <ol class="opp-timeline">
      {steps.map((e, i) => (
        <li key={`${e.at}-${i}`}>
          <strong>{label(t, 'applicationStatuses', e.to)}</strong> <span class="muted">{formatDateTime(t, e.at)}</span>
          {e.note && <p>{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}
