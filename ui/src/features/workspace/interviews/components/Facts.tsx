// What an interview is, as both sides see it: the time in Ulaanbaatar (the zone named), the
// length, the link or place, the note, the applicant's message, why it was cancelled.
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../../../lib/ubtime';
import type { Interview } from '../api';

export const I = 'workspaceInterviews';

export function Facts({ v, staff }: { v: Interview; staff: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p>
        <strong class={`iv-status iv-status--${v.status}`}>{t(`${I}.${staff ? 'statuses' : 'myStatuses'}.${v.status}`)}</strong>
        {v.status === 'cancelled' && v.cancelledBy && <> {t(`${I}.cancelledBy.${v.cancelledBy}`)}</>}
        {v.past && v.status !== 'cancelled' && <> {t(`${I}.past`)}</>}
      </p>
      <dl class="facts">
        <div>
          <dt>{t(`${I}.time`)}</dt>
          <dd>{t(`${I}.when`, { when: formatWhen(i18n.language, v.start) })}</dd>
        </div>
        <div>
          <dt>{t(`${I}.length`)}</dt>
          <dd>{t(`${I}.lengthValue`, { count: v.minutes })}</dd>
        </div>
        {v.link && (
          <div>
            <dt>{t(`${I}.online`)}</dt>
            <dd>
              <a href={v.link} rel="noopener noreferrer" target="_blank">
                {v.link}
              </a>
            </dd>
          </div>
        )}
        {v.place && (
          <div>
            <dt>{t(`${I}.place`)}</dt>
            <dd>{v.place}</dd>
          </div>
        )}
        {v.note && (
          <div>
            <dt>{t(`${I}.note`)}</dt>
            <dd class="opp-pre">{v.note}</dd>
          </div>
        )}
        {v.applicantMessage && (
          <div>
            <dt>{t(staff ? `${I}.applicantMessage` : `${I}.yourMessage`)}</dt>
            <dd class="opp-pre">{v.applicantMessage}</dd>
          </div>
        )}
        {v.cancelReason && (
          <div>
            <dt>{t(`${I}.reason`)}</dt>
            <dd>{v.cancelReason}</dd>
          </div>
        )}
      </dl>
    </>
  );
}
