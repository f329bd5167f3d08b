import { useTranslation } from 'react-i18next';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { OrgFigures } from './Organization';
import { PlatformFigures } from './Platform';

/**
 * /dashboard/analytics: the organisation's figures for those who hold workspace.analytics.org
 * (owner, manager), the platform's for those who hold workspace.analytics.platform (admins);
 * both for a person who holds both. The server checks each answer again.
 */
export function Analytics() {
  const { t } = useTranslation();
  return (
    <DashboardShell page="analytics">
      {(user) => {
        const org = user.permissions.includes('workspace.analytics.org');
        const platform = user.permissions.includes('workspace.analytics.platform');
        return (
          <>
            {org && platform && <h2>{t('workspaceAnalytics.page.org')}</h2>}
            {org && <OrgFigures />}
            {org && platform && <h2>{t('workspaceAnalytics.page.platform')}</h2>}
            {platform && <PlatformFigures />}
          </>
        );
      }}
    </DashboardShell>
  );
}
