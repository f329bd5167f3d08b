import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyState } from '../../../../ui/EmptyState';
import type { ApiError } from '../../../../lib/api';
import { initialsOf, onApiError, type User } from '../../../../lib/session';
import { boardApi, type PastResult } from '../../../directionboard/api';
import { BOARD_PATH, sharedPath } from '../../../directionboard/paths';
import { Banners } from './Home';
import { formatDate } from '../../../../lib/formatTime';
import { ProfileForm } from './ProfileForm';
import { fullName } from '../../../../lib/names';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';

/** The user's card: avatar, name, email, account type, organisation and role, roles, member since. */
function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const name = fullName(i18n.language, user.firstName, user.lastName);
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
          <dd>{(user.roles ?? []).map((r) => t(`roles.${r}`)).join(', ')}</dd>
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

const R = 'dashboard.profile.results';

/** The person's Direction Board results, newest first: only they see them (never employers). */
function BoardResults() {
  const { t } = useTranslation();
  const [results, setResults] = useState<PastResult[] | null>(null);
  useEffect(() => {
    let live = true;
    boardApi.mine().then(
      (data) => live && setResults(data.results ?? []),
      (err: ApiError) => {
        if (live) setResults([]);
        onApiError(err);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Section id="board-results" title={t(`${R}.title`)}>
      <p class="muted">{t(`${R}.private`)}</p>
      {results === null ? (
        <p aria-busy="true">{t(`${R}.loading`)}</p>
      ) : results.length === 0 ? (
        <EmptyState title={t(`${R}.empty`)} action={<Link href={BOARD_PATH} class="button-link">{t(`${R}.take`)}</Link>}>
          {t(`${R}.emptyText`)}
        </EmptyState>
      ) : (
        <>
          <ul class="board-results">
            {results.map((r) => (
              <li key={r.resultToken}>
                <Link href={sharedPath(r.resultToken)}>{t(`${R}.item`, { code: r.code, date: formatDate(t, r.finishedAt) })}</Link>
                {r.unanswered > 0 && <span class="muted"> · {t(`${R}.unanswered`, { count: r.unanswered })}</span>}
              </li>
            ))}
          </ul>
          <p>
            <Link href={BOARD_PATH}>{t(`${R}.again`)}</Link>
          </p>
        </>
      )}
    </Section>
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
          <BoardResults />
        </>
      )}
    </DashboardShell>
  );
}
