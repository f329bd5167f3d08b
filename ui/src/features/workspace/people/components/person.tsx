import type { TFunction } from 'i18next';
import type { Resp } from '../../../../lib/apitypes';

export type Person = Resp<'getPerson'>;
export type Options = Resp<'getPeopleOptions'>;

/** A person's roles in words: administrator, organisation role (or account type), forms desk. */
export function roleLabel(t: TFunction, p: Person): string {
  const words: string[] = [];
  if (p.admin) words.push(t('people.ui.roles.admin'));
  words.push(p.orgRole ? t(`people.ui.roles.${p.orgRole}`) : t(`roles.${p.accountType}`));
  if (p.deskLevel !== 'none') words.push(t('people.ui.roles.staff'));
  return words.join(', ');
}

/** The edit page of a person. */
export const editPath = (id: number) => `/dashboard/user/${id}/edit`;

/** The round picture of a person: their initials (accounts have no photo yet). */
export function Avatar({ person, large }: { person: Person; large?: boolean }) {
  return (
    <span class={`avatar people-avatar${large ? ' avatar--large' : ''}`} aria-hidden="true">
      {person.initials}
    </span>
  );
}
