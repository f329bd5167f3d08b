import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { Table } from '../../../../ui/Table';
import { useResource } from '../../../../lib/resource';
import type { Resp } from '../../../../lib/apitypes';
import { adoptStyles } from '../../../../lib/styles';
import css from '../home.css?inline';

adoptStyles(css);

type TableView = Resp<'getPermissionTable'>;
type Row = TableView['permissions'][number];

/** Words of a permission or role name: dots become dashes (home.permission.perms.forms-desk-read). */
const wordKey = (name: string) => name.replaceAll('.', '-');
const roleLabel = (t: TFunction, role: string) => t(`home.permission.roles.${wordKey(role)}`);

/** A yes/no cell: a mark drawn by CSS, the word for screen readers. */
function Mark({ yes }: { yes: boolean }) {
  const { t } = useTranslation();
  return (
    <span class={yes ? 'perm-mark perm-mark--yes' : 'perm-mark'}>
      <span class="visually-hidden">{t(yes ? 'home.permission.granted' : 'home.permission.notGranted')}</span>
    </span>
  );
}

function PermissionTable() {
  const { t } = useTranslation();
  const { data, error, reload } = useResource<TableView>('/workspace/permissions');
  if (error) {
    return (
      <Alert variant="error">
        {t('home.permission.failed')} <Button onClick={() => reload()}>{t('home.retry')}</Button>
      </Alert>
    );
  }
  if (!data) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  const mine = data.roles.filter((r) => r.mine).map((r) => roleLabel(t, r.name));
  const columns = [
    {
      key: 'permission',
      header: t('home.permission.permission'),
      // The words only: a permission's code name ("opportunities.apply") reads like a raw key.
      cell: (p: Row) => t(`home.permission.perms.${wordKey(p.name)}`, { defaultValue: p.name }),
    },
    ...data.roles.map((r) => ({
      key: r.name,
      header: r.mine ? `${roleLabel(t, r.name)} (${t('home.permission.yours')})` : roleLabel(t, r.name),
      cell: (p: Row) => <Mark yes={p.roles.includes(r.name)} />,
    })),
    { key: 'you', header: t('home.permission.you'), cell: (p: Row) => <Mark yes={p.mine} /> },
  ];
  return (
    <>
      <p>
        <strong>{t('home.permission.yourRoles', { roles: mine.join(', ') })}</strong>
      </p>
      <Table id="permissions" caption={t('home.permission.caption')} columns={columns} rows={data.permissions} rowKey={(p) => p.name} />
    </>
  );
}

/** /dashboard/permission: which role may do what, read from the code's one table. */
export function Permissions() {
  const { t } = useTranslation();
  return (
    <DashboardShell page="permission">
      {() => (
        <>
          <p>{t('home.permission.intro')}</p>
          <PermissionTable />
        </>
      )}
    </DashboardShell>
  );
}
