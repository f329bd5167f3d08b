// The agenda view and a day's dialog: days with something on them, in order, each item a button.
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/formatTime';
import type { CalendarItem } from '../api';
import { hhmm, itemsOn } from '../grid';

const K = 'workspaceCalendar.calendar';

export function ItemLine({ item }: { item: CalendarItem }) {
  const { t } = useTranslation();
  return (
    <>
      <span class="cal-time">{item.allDay ? t(`${K}.allDay`) : hhmm(item.start)}</span> <span class="visually-hidden">{t(`${K}.kinds.${item.kind}`)}: </span>
      {item.title}
    </>
  );
}

export function Agenda({ days, items, onOpen, bare }: { days: string[]; items: CalendarItem[]; onOpen: (i: CalendarItem) => void; bare?: boolean }) {
  const { t } = useTranslation();
  const withItems = days.map((day) => ({ day, list: itemsOn(items, day) })).filter((d) => d.list.length);
  if (!withItems.length) return <p class="cal-empty">{t(`${K}.empty`)}</p>;
  return (
    <div class="cal-agenda">
      {withItems.map(({ day, list }) => (
        <section key={day} aria-label={formatDate(t, day)}>
          {!bare && <h3>{formatDate(t, day)}</h3>}
          <ul>
            {list.map((item) => (
              <li key={item.key}>
                <button type="button" class={`cal-chip cal-chip--${item.kind}`} onClick={() => onOpen(item)}>
                  <ItemLine item={item} />
                  {!item.allDay && <span class="cal-time">{` – ${hhmm(item.end)}`}</span>}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
