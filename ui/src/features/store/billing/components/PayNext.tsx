// What the payer does next (payments.Next): bank-transfer details, a QPay QR with the banks'
// app links, or the card payment page (Stripe Checkout) the browser is sent to.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Schema } from '../../../../lib/apitypes';
import { QrCode } from '../../../../ui/QrCode';
import { formatMoney } from '../money';

const Y = 'storeBilling.pay';

export function PayNext({ step }: { step: Schema<'BillingPaymentStep'> }) {
  const { t, i18n } = useTranslation();
  const next = step.next;
  useEffect(() => {
    if (next.kind === 'redirect' && next.url) window.location.assign(next.url);
  }, [next]);
  const tr = next.transfer;
  return (
    <div class="pay-next" role="status">
      {tr && (
        <>
          <h3>{t(`${Y}.transferHeading`)}</h3>
          <p>{t(`${Y}.transferLead`)}</p>
          <dl class="pay-transfer">
            <dt>{t(`${Y}.bank`)}</dt>
            <dd>{tr.bankName}</dd>
            <dt>{t(`${Y}.account`)}</dt>
            <dd>{tr.account}</dd>
            <dt>{t(`${Y}.holder`)}</dt>
            <dd>{tr.holder}</dd>
            <dt>{t(`${Y}.reference`)}</dt>
            <dd>
              <strong data-reference>{tr.reference}</strong>
            </dd>
            <dt>{t(`${Y}.amount`)}</dt>
            <dd>{formatMoney(tr.amount.amount, tr.amount.currency, i18n.language)}</dd>
          </dl>
        </>
      )}
      {next.kind === 'qr' && next.qrText && (
        <>
          <h3>{t(`${Y}.qrHeading`)}</h3>
          <QrCode value={next.qrText} label={t(`${Y}.qrLabel`)} />
          <ul>
            {(next.links ?? []).map((l) => (
              <li key={l.link}>
                <a href={l.link}>{l.description || l.name}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      {next.kind === 'redirect' && <p>{t(`${Y}.redirecting`)}</p>}
      <p>
        <Link href="/dashboard/subscription" class="button-link">
          {t(`${Y}.toSubscription`)}
        </Link>
      </p>
    </div>
  );
}
