import { useTranslation } from 'react-i18next';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { Charges, Ledger } from './Ledger';
import { Pending } from './Pending';
import { Refunds } from './Refunds';
import { OrgPayouts, PayoutDetails } from '../../payouts/components/OwnerPayouts';
import { AdminPayouts } from '../../payouts/components/OwedToOrgs';

/**
 * /dashboard/banking: the organisation's ledger and what it paid for those who hold banking.org
 * (owner), the bank transfers waiting, the refunds due and the platform's ledger for those who hold
 * banking.platform (admins). The server checks each answer again.
 */
export function Banking() {
  const { t } = useTranslation();
  return (
    <DashboardShell page="banking">
      {(user) => {
        const org = user.permissions.includes('banking.org') && !!user.organization;
        const platform = user.permissions.includes('banking.platform');
        return (
          <>
            <p>{t('banking.page.intro')}</p>
            {org && (
              <>
                <Ledger scope="org" title={t('banking.page.orgLedger')} />
                <OrgPayouts />
                <PayoutDetails />
                <Charges />
              </>
            )}
            {platform && (
              <>
                <Pending />
                <Refunds />
                {user.permissions.includes('banking.payout') && <AdminPayouts />}
                <Ledger scope="platform" title={t('banking.page.platformLedger')} />
              </>
            )}
          </>
        );
      }}
    </DashboardShell>
  );
}
