// The account page's "Blocked and muted people": listed, and undone one by one.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api';
import { onApiError } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { Section } from '../../../ui/DashboardShell';
import { type BlockList, blocks, setBlock, setMute } from './api';

const B = 'moderation.ui.blocked';

export function BlockedPeople() {
  const { t } = useTranslation();
  const [list, setList] = useState<BlockList | null>(null);
  const load = () => blocks().then(setList, (err: ApiError) => onApiError(err));
  useEffect(() => {
    load();
  }, []);
  const undo = async (kind: 'blocked' | 'muted', userId: number, name: string) => {
    try {
      await (kind === 'blocked' ? setBlock(userId, false) : setMute(userId, false));
      toast.success(t(`${B}.${kind === 'blocked' ? 'unblocked' : 'unmuted'}`, { name }));
      await load();
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    }
  };
  return (
    <Section id="blocked-people" title={t(`${B}.title`)}>
      <p>{t(`${B}.intro`)}</p>
      {!list ? (
        <p aria-busy="true">{t('dashboard.loading')}</p>
      ) : (
        (['blocked', 'muted'] as const).map((kind) => (
          <div key={kind}>
            <h3>{t(`${B}.${kind}Title`)}</h3>
            {!list[kind]?.length ? (
              <p>{t(`${B}.none`)}</p>
            ) : (
              <ul class="mod-people">
                {(list[kind] ?? []).map((p) => (
                  <li key={p.userId}>
                    {p.name} {p.handle && <span class="muted">@{p.handle}</span>}{' '}
                    <button type="button" class="secondary outline" onClick={() => undo(kind, p.userId, p.name)}>
                      {t(`${B}.${kind === 'blocked' ? 'unblock' : 'unmute'}`, { name: p.name })}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))
      )}
    </Section>
  );
}
