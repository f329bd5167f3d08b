import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { Card } from '../../../../ui/Card';
import type { User } from '../../../../lib/session';
import { DashboardShell } from '../../../../ui/DashboardShell';

/** What the user should do next: verify the email, give the date of birth, verify the ID. */
export function Banners({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <div>
      {!user.emailVerified && (
        <Alert variant="warning">
          {t('dashboard.home.verifyEmail', { email: user.email })} <Link href="/auth/verify">{t('dashboard.home.verifyEmailLink')}</Link>
        </Alert>
      )}
      {user.needsDateOfBirth && (
        <Alert variant="warning">
          {t('dashboard.home.dateOfBirth')} <Link href="/dashboard/user/profile">{t('dashboard.home.dateOfBirthLink')}</Link>
        </Alert>
      )}
      {user.idVerification === 'verified' ? (
        <Alert variant="success">{t('dashboard.home.idVerified')}</Alert>
      ) : (
        <Alert variant="info">
          {t(user.idVerification === 'declined' ? 'dashboard.home.idDeclined' : 'dashboard.home.idNone')}{' '}
          <Link href="/dashboard/user/account">{t('dashboard.home.idLink')}</Link>
        </Alert>
      )}
    </div>
  );
}

export function DashboardHome() {
  const { t } = useTranslation();
  return (
    <DashboardShell page="home">
      {(user) => (
        <>
          <p class="lead">{t('dashboard.home.welcome', { name: user.firstName })}</p>
          <Banners user={user} />
          <div class="audiences">
            <Card level={2} title={t('dashboard.nav.app')}>
              <p>{t('dashboard.home.workspaceText')}</p>
              <Link href="/dashboard/app">{t('dashboard.home.openWorkspace')}</Link>
            </Card>
            <Card level={2} title={t('dashboard.nav.profile')}>
              <p>{t('dashboard.home.profileText')}</p>
              <Link href="/dashboard/user/profile">{t('dashboard.home.openProfile')}</Link>
            </Card>
            <Card level={2} title={t('dashboard.nav.account')}>
              <p>{t('dashboard.home.accountText')}</p>
              <Link href="/dashboard/user/account">{t('dashboard.home.openAccount')}</Link>
            </Card>
            {user.dashboard?.includes('organization') && (
              <Card level={2} title={t('dashboard.nav.organization')}>
                <p>{t('dashboard.home.organizationText', { organization: user.organization?.name ?? '' })}</p>
                <Link href="/dashboard/organization">{t('dashboard.home.openOrganization')}</Link>
              </Card>
            )}
          </div>
        </>
      )}
    </DashboardShell>
  );
}
