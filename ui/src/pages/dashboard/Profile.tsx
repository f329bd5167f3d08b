import { useTranslation } from 'react-i18next';
import { initialsOf, type User } from '../../lib/session';
import { Banners } from './Home';
import { formatDate } from './format';
import { ProfileForm } from './ProfileForm';
import { DashboardShell, Section } from './Shell';

/** The user's card: avatar, name, email, account type, organisation and role, roles, member since. */
function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <article class="profile-card">
      <span class="avatar avatar--large" aria-hidden="true">
        {initialsOf(user.firstName, user.lastName)}
      </span>
      <div>
        <h2 class="profile-card__name">{name}</h2>
        <dl class="facts">
          <dt>{t('dashboard.profile.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('dashboard.profile.accountType')}</dt>
          <dd>{t(`roles.${user.accountType}`)}</dd>
          {user.organization && (
            <>
              <dt>{t('dashboard.profile.organization')}</dt>
              <dd>
                {t('dashboard.profile.organizationRole', {
                  organization: user.organization.name,
                  role: t(`roles.${user.organization.role}`),
                })}
              </dd>
            </>
          )}
          <dt>{t('dashboard.profile.roles')}</dt>
          <dd>{user.roles.map((r) => t(`roles.${r}`)).join(', ')}</dd>
          {user.dateOfBirth && (
            <>
              <dt>{t('dashboard.profile.dateOfBirth')}</dt>
              <dd>{formatDate(t, user.dateOfBirth)}</dd>
            </>
          )}
          <dt>{t('dashboard.profile.memberSince')}</dt>
          <dd>{formatDate(t, user.createdAt)}</dd>
        </dl>
      </div>
    </article>
  );
}

export function DashboardProfile() {
  const { t } = useTranslation();
  return (
    <DashboardShell page="profile">
      {(user) => (
        <>
          <ProfileCard user={user} />
          <Banners user={user} />
          <Section id="profile-edit" title={t('dashboard.profile.edit')}>
            <ProfileForm id="profile" user={user} />
          </Section>
        </>
      )}
    </DashboardShell>
  );
}
