// A plan in words: its name in the page's language and what it includes (the pricing page and
// the subscription page both show them; words in the section "storeBilling.pricing").
import { useTranslation } from 'react-i18next';
import type { Schema } from '../../../../lib/apitypes';

type Plan = Schema<'BillingPlanView'>;
const B = 'storeBilling.pricing';

export const planName = (p: Plan, lang: string) => (lang === 'mn' ? p.nameMn : p.nameEn);

/** What a plan includes, in words. */
export function Limits({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const line = (what: 'postings' | 'staff' | 'communities') => {
    const n = plan.limits[what];
    if (n < 0) return t(`${B}.${what}Unlimited`);
    if (n === 0 && what === 'communities') return t(`${B}.noCommunities`);
    return t(`${B}.${what}`, { count: n });
  };
  return (
    <ul>
      <li>{line('postings')}</li>
      <li>{line('staff')}</li>
      <li>{line('communities')}</li>
    </ul>
  );
}
