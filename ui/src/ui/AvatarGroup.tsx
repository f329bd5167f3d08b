import { useTranslation } from 'react-i18next';

export const AVATAR_LIMIT = 4;

/** "Bat-Erdene Sukh" → "BS"; the first letters of the first two words. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}

/** A stable colour slot for a name, so a person keeps their colour everywhere. */
function tone(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return h % 6;
}

/** Shows at most four people, then "+N" for the rest. */
export function AvatarGroup({ label, names, limit = AVATAR_LIMIT }: { label: string; names: string[]; limit?: number }) {
  const { t } = useTranslation();
  const shown = names.slice(0, limit);
  const rest = names.length - shown.length;
  return (
    <ul class="avatars" aria-label={label}>
      {shown.map((name) => (
        <li key={name}>
          <span class={`avatar avatar--tone${tone(name)}`} role="img" aria-label={name}>
            {initials(name)}
          </span>
        </li>
      ))}
      {rest > 0 && (
        <li>
          <span class="avatar avatar--more" role="img" aria-label={t('ui.avatarGroup.more', { count: rest })}>
            +{rest}
          </span>
        </li>
      )}
    </ul>
  );
}
