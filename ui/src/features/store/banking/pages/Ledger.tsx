import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, get } from '../../../../lib/api';
import type { Resp } from '../../../../lib/apitypes';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { useResource } from '../../../../lib/resource';
import { onApiError } from '../../../../lib/session';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Section } from '../../../../ui/DashboardShell';
import { DateField, SelectField } from '../../../../ui/fields/TextField';
import { Table } from '../../../../ui/Table';
import { formatMoney } from '../../../../lib/money';
import { formatWhen } from '../../../../lib/ubtime';

type LedgerView = Resp<'getLedger'>;
type Line = LedgerView['entries'][number];
type Filters = { from: string; to: string; currency: string };

const query = (scope: string, f: Filters, before = 0) => {
  const q = new URLSearchParams({ scope, currency: f.currency });
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  if (before) q.set('before', String(before));
  return q.toString();
};

/**
 * Downloads the ledger's CSV through fetch, so that a refused or broken download shows an
 * error instead of leaving a file that looks complete: the file is offered only once the whole
 * answer has arrived with a 200.
 */
async function downloadCSV(path: string, lang: string, name: string): Promise<void> {
  const res = await fetch(path, { credentials: 'same-origin', headers: { 'Accept-Language': lang } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ApiError | null;
    throw { message: body?.message ?? '', status: res.status, errors: body?.errors } satisfies ApiError;
  }
  const blob = await res.blob(); // rejects when the server breaks the download mid-way
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** One ledger (the organisation's or the platform's): filters, the lines with their running balance, pages, CSV. */
export function Ledger({ scope, title }: { scope: 'org' | 'platform'; title: string }) {
  const { t, i18n } = useTranslation();
  const p = 'banking.page';
  const form = useForm({ from: '', to: '', currency: 'MNT' });
  const { attach } = form;
  const [applied, setApplied] = useState<Filters>({ from: '', to: '', currency: 'MNT' });
  const [cursors, setCursors] = useState<number[]>([0]);
  const [got, setGot] = useState<{ key: string; data: LedgerView } | null>(null);
  const [error, setError] = useState('');
  const [csvError, setCsvError] = useState('');
  const [csvBusy, setCsvBusy] = useState(false);
  const key = query(scope, applied, cursors[cursors.length - 1]);
  const data = got?.key === key ? got.data : null;

  useEffect(() => {
    get<LedgerView>(`/banking/ledger?${key}`).then(
      (d) => {
        setGot({ key, data: d });
        setError('');
      },
      (err: ApiError) => {
        onApiError(err);
        setError(err.message);
      },
    );
  }, [key]);

  const apply = form.submit(async () => {
    const next = { from: form.values.from, to: form.values.to, currency: form.values.currency };
    try {
      // Asked once here so that bad filters come back as field errors beside their fields.
      const d = await get<LedgerView>(`/banking/ledger?${query(scope, next)}`);
      setGot({ key: query(scope, next), data: d });
      setApplied(next);
      setCursors([0]);
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });

  const csv = async () => {
    setCsvError('');
    setCsvBusy(true);
    try {
      await downloadCSV(`/api/banking/ledger.csv?${query(scope, applied)}`, i18n.language, `ledger-${scope}.csv`);
    } catch (err) {
      // The server's own message when it refused; ours when the connection broke (fetch's
      // TypeError speaks English only).
      const refused = typeof err === 'object' && err !== null && 'status' in err ? (err as ApiError).message : '';
      setCsvError(refused || t(`${p}.csvFailed`));
    } finally {
      setCsvBusy(false);
    }
  };

  const currencies = data?.currencies.length ? data.currencies : ['MNT'];
  const money = (v: number) => formatMoney(i18n.language, v, applied.currency);
  const kind = (l: Line) => t(`${p}.kinds.${l.kind}`, { defaultValue: l.kind });
  const what = (l: Line) => (l.purpose ? t(`${p}.purposes.${l.purpose}`, { ref: l.refId, defaultValue: l.purpose }) : '');
  return (
    <Section id={`banking-${scope}`} title={title}>
      <form ref={attach} onSubmit={apply} noValidate aria-label={t(`${p}.filters`)}>
        <FormMessage message={form.message} />
        <div class="grid">
          <DateField id={`banking-${scope}-from`} label={t(`${p}.from`)} {...form.text('from')} />
          <DateField id={`banking-${scope}-to`} label={t(`${p}.to`)} {...form.text('to')} />
          <SelectField
            id={`banking-${scope}-currency`}
            label={t(`${p}.currency`)}
            {...form.select('currency')}
            options={[...new Set([...currencies, form.values.currency])].map((c) => ({ value: c, label: c }))}
          />
        </div>
        <SubmitButton busy={form.busy}>{t(`${p}.apply`)}</SubmitButton>
      </form>
      {error && !data ? (
        <Alert variant="error">{error}</Alert>
      ) : !data ? (
        <p aria-busy="true">{t(`${p}.loading`)}</p>
      ) : (
        <>
          <p>
            <strong>{t(`${p}.balance`, { amount: money(data.balance) })}</strong>
          </p>
          {data.entries.length === 0 ? (
            <p>{t(`${p}.empty`)}</p>
          ) : (
            <Table<Line>
              id={`banking-${scope}-table`}
              caption={title}
              rowKey={(l) => String(l.id)}
              rows={data.entries}
              columns={[
                { key: 'at', header: t(`${p}.at`), cell: (l) => formatWhen(i18n.language, l.at) },
                { key: 'kind', header: t(`${p}.kind`), cell: kind },
                { key: 'what', header: t(`${p}.description`), cell: what },
                { key: 'amount', header: t(`${p}.amount`), cell: (l) => money(l.amount), numeric: true },
                { key: 'balanceAfter', header: t(`${p}.balanceAfter`), cell: (l) => money(l.balance), numeric: true },
              ]}
            />
          )}
          <p class="grid">
            <Button variant="secondary" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              {t(`${p}.newer`)}
            </Button>
            <Button variant="secondary" disabled={!data.next} onClick={() => data.next && setCursors((c) => [...c, data.next as number])}>
              {t(`${p}.older`)}
            </Button>
            <Button variant="outline" onClick={csv} aria-busy={csvBusy ? 'true' : undefined}>
              {t(`${p}.csv`)}
            </Button>
          </p>
          <div role="alert">{csvError && <Alert variant="error">{csvError}</Alert>}</div>
        </>
      )}
    </Section>
  );
}

/** What the organisation paid: subscription charges and purchases. */
export function Charges() {
  const { t, i18n } = useTranslation();
  const p = 'banking.page';
  const { data, error } = useResource<Resp<'getOrgCharges'>>('/banking/charges');
  type Item = Resp<'getOrgCharges'>['items'][number];
  return (
    <Section id="banking-charges" title={t(`${p}.charges`)}>
      {error ? (
        <Alert variant="error">{error}</Alert>
      ) : !data ? (
        <p aria-busy="true">{t(`${p}.loading`)}</p>
      ) : data.items.length === 0 ? (
        <p>{t(`${p}.noCharges`)}</p>
      ) : (
        <Table<Item>
          id="banking-charges-table"
          caption={t(`${p}.charges`)}
          rowKey={(x) => String(x.id)}
          rows={data.items}
          columns={[
            { key: 'paidAt', header: t(`${p}.at`), cell: (x) => (x.paidAt ? formatWhen(i18n.language, x.paidAt) : '') },
            { key: 'what', header: t(`${p}.description`), cell: (x) => t(`${p}.purposes.${x.purpose}`, { ref: x.refId, defaultValue: x.purpose }) },
            { key: 'provider', header: t(`${p}.provider`), cell: (x) => t(`${p}.providers.${x.provider}`) },
            { key: 'amount', header: t(`${p}.amount`), cell: (x) => formatMoney(i18n.language, x.amount.amount, x.amount.currency), numeric: true },
          ]}
        />
      )}
    </Section>
  );
}
