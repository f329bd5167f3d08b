// /dashboard/ecommerce: the seller's sales — revenue per day (30 days) and month, orders by
// status, best sellers, low stock — as the analytics page's charts (SVG bars with the same
// numbers as a table) and tables.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useResource } from '../../../../../lib/resource';
import { Alert } from '../../../../../ui/Alert';
import { DashboardShell, Section } from '../../../../../ui/DashboardShell';
import { Table } from '../../../../../ui/Table';
import { Chart } from '../../../../workspace/analytics/pages/Chart';
import type { Overview } from '../../api';
import { formatMoney } from '../../../../../lib/money';

const E = 'shopDashboard.ecommerce';

function Figures() {
  const { t, i18n } = useTranslation();
  const { data, error } = useResource<Overview>('/shop/overview');
  if (!data) return error ? <Alert variant="error">{error}</Alert> : <p aria-busy="true">{t('shopDashboard.products.loading')}</p>;
  const currencies = [...new Set([...data.days, ...data.months].map((d) => d.currency))];
  return (
    <>
      {currencies.length === 0 && <p>{t(`${E}.none`)}</p>}
      {currencies.map((cur) => (
        <div key={cur}>
          <Chart
            id={`shop-days-${cur}`}
            title={`${t(`${E}.days`)} · ${t(`${E}.currency`, { currency: cur })}`}
            head={[t(`${E}.day`), t(`${E}.revenue`)]}
            days
            rows={data.days.filter((d) => d.currency === cur).map((d) => ({ key: d.key, label: d.key, value: d.amount }))}
          />
          <Chart
            id={`shop-months-${cur}`}
            title={`${t(`${E}.months`)} · ${t(`${E}.currency`, { currency: cur })}`}
            head={[t(`${E}.month`), t(`${E}.revenue`)]}
            rows={data.months.filter((d) => d.currency === cur).map((d) => ({ key: d.key, label: d.key, value: d.amount }))}
          />
        </div>
      ))}
      <Chart
        id="shop-statuses"
        title={t(`${E}.statuses`)}
        head={[t(`${E}.status`), t(`${E}.count`)]}
        rows={data.statuses.map((s) => ({ key: s.key, label: t(`shop.statuses.${s.key}`), value: s.count }))}
      />
      <Section id="shop-best" title={t(`${E}.best`)}>
        {data.best.length === 0 ? (
          <p>{t(`${E}.none`)}</p>
        ) : (
          <Table
            id="shop-best-table"
            caption={t(`${E}.best`)}
            rows={data.best}
            rowKey={(b) => `${b.id}-${b.currency}`}
            columns={[
              { key: 'name', header: t(`${E}.product`), cell: (b) => <Link href={`/dashboard/product/${b.id}`}>{b.name}</Link> },
              { key: 'qty', header: t(`${E}.quantity`), cell: (b) => String(b.quantity), numeric: true },
              { key: 'revenue', header: t(`${E}.revenue`), cell: (b) => formatMoney(i18n.language, b.revenue, b.currency), numeric: true },
            ]}
          />
        )}
      </Section>
      <Section id="shop-low" title={t(`${E}.lowStock`)}>
        {data.lowStock.length === 0 ? (
          <p>{t(`${E}.none`)}</p>
        ) : (
          <Table
            id="shop-low-table"
            caption={t(`${E}.lowStock`)}
            rows={data.lowStock}
            rowKey={(p) => String(p.id)}
            columns={[
              { key: 'name', header: t(`${E}.product`), cell: (p) => <Link href={`/dashboard/product/${p.id}/edit`}>{p.name}</Link> },
              { key: 'left', header: t(`${E}.left`), cell: (p) => String(p.stock) },
            ]}
          />
        )}
      </Section>
    </>
  );
}

export function Ecommerce() {
  return <DashboardShell page="ecommerce">{() => <Figures />}</DashboardShell>;
}
