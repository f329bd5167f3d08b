// The way on after billing's payment step (PayNext's children): the subscription page.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function ToSubscription() {
  const { t } = useTranslation();
  return (
    <p>
      <Link href="/dashboard/subscription" class="button-link">
        {t('storeBilling.pay.toSubscription')}
      </Link>
    </p>
  );
}
