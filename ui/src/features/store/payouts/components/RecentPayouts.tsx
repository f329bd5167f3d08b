import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, post } from '../../../../lib/api';
import type { Resp } from '../../../../lib/apitypes';
import { FormMessage, useForm } from '../../../../lib/form';
import { formatMoney } from '../../../../lib/money';
import { KeysetPager, useKeysetPages } from '../../../../lib/resource';
import { toast } from '../../../../lib/toast';
import { formatDay } from '../../../../lib/ubtime';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Section } from '../../../../ui/DashboardShell';
import { Dialog } from '../../../../ui/Dialog';
import { Table } from '../../../../ui/Table';

type Payout = Resp<'listRecentPayouts'>['items'][number];

const p = 'payouts.page';

/**
 * Recent payouts (platform admins): every organisation's, newest first; a paid one may be
 * marked returned (the transfer came back, or was a mistake): its movement is reversed.
 * onChanged: a payout was returned (the page loads its lists again).
 */
export function RecentPayouts({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const list = useKeysetPages<Resp<'listRecentPayouts'>>('/banking/payouts/recent');
  const [open, setOpen] = useState<Payout | null>(null);
  const data = list.data;
  return (
    <Section id="banking-payouts-recent" title={t(`${p}.recent`)}>
      <p>{t(`${p}.recentLead`)}</p>
      {list.error ? (
        <Alert variant="error">{list.error}</Alert>
      ) : !data ? (
        <p aria-busy="true">{t(`${p}.loading`)}</p>
      ) : data.items.length === 0 ? (
        <p>{t(`${p}.noRecent`)}</p>
      ) : (
        <Table<Payout>
          id="banking-payouts-recent-table"
          caption={t(`${p}.recent`)}
          rowKey={(x) => String(x.id)}
          rows={data.items}
          columns={[
            { key: 'reference', header: t(`${p}.reference`), cell: (x) => x.reference },
            { key: 'org', header: t(`${p}.organization`), cell: (x) => x.orgName || `#${x.orgId}` },
            { key: 'day', header: t(`${p}.day`), cell: (x) => formatDay(lang, `${x.transferDate}T00:00:00Z`) },
            { key: 'amount', header: t(`${p}.amount`), cell: (x) => formatMoney(lang, x.amount.amount, x.amount.currency), numeric: true },
            { key: 'status', header: t(`${p}.status`), cell: (x) => t(`${p}.statuses.${x.status}`) },
            {
              key: 'action',
              header: t(`${p}.action`),
              cell: (x) =>
                x.status === 'paid' ? (
                  <Button variant="secondary" onClick={() => setOpen(x)}>
                    {t(`${p}.markReturned`)}
                    <span class="visually-hidden"> {x.reference}</span>
                  </Button>
                ) : (
                  ''
                ),
            },
          ]}
        />
      )}
      {data && (list.page > 1 || !!data.next) && (
        <KeysetPager page={list.page} next={data.next ?? 0} onNewer={list.newer} onOlder={() => list.older(data.next ?? 0)} />
      )}
      {open && (
        <ReturnDialog
          key={open.id}
          payout={open}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            onChanged();
          }}
        />
      )}
    </Section>
  );
}

function ReturnDialog({ payout, onClose, onDone }: { payout: Payout; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm({});
  const { attach } = form;
  const send = form.submit(async () => {
    try {
      await post<Resp<'returnPayout'>>(`/banking/payouts/${payout.id}/return`, {});
      toast.success(t(`${p}.returnDone`, { reference: payout.reference }));
      onDone();
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <Dialog open onClose={onClose} id="payout-return-dialog" title={t(`${p}.returnTitle`, { reference: payout.reference })}>
      <form noValidate ref={attach} onSubmit={send}>
        <p>{t(`${p}.returnIntro`)}</p>
        <p>
          <strong>{formatMoney(i18n.language, payout.amount.amount, payout.amount.currency)}</strong> · {payout.orgName}
        </p>
        <FormMessage message={form.message} />
        <div class="button-row">
          <button type="submit" aria-busy={form.busy ? 'true' : undefined} disabled={form.busy}>
            {t(`${p}.returnConfirm`)}
          </button>
          <button type="button" class="secondary outline" onClick={onClose}>
            {t(`${p}.cancel`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
