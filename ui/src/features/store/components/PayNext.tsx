// What the payer does next (payments.Next), shared by billing and the shop: bank-transfer
// details, a QPay QR with the banks' app links, or the card payment page (Stripe Checkout) the
// browser is sent to. Each module keeps its own words under `words` (the keys below) and puts
// its own way on after the details (children).
import type { ComponentChildren } from 'preact';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schema } from '../../../lib/apitypes';
import { adoptStyles } from '../../../lib/styles';
import { QrCode } from '../../../ui/QrCode';
import { formatMoney } from '../../../lib/money';
import css from './paynext.css?inline';

/** The keys each module's words give under its prefix. */
export type PayNextWords = 'transferHeading' | 'transferLead' | 'bank' | 'account' | 'holder' | 'reference' | 'amount' | 'qrHeading' | 'qrLabel' | 'redirecting';

export function PayNext({ next, words, children }: { next: Schema<'PaymentsNext'>; words: string; children?: ComponentChildren }) {
  const { t, i18n } = useTranslation();
  adoptStyles(css);
  const w = (k: PayNextWords) => t(`${words}.${k}`);
  useEffect(() => {
    if (next.kind === 'redirect' && next.url) window.location.assign(next.url);
  }, [next]);
  const tr = next.transfer;
  return (
    <div class="pay-next" role="status">
      {tr && (
        <>
          <h3>{w('transferHeading')}</h3>
          <p>{w('transferLead')}</p>
          <dl class="pay-transfer">
            <dt>{w('bank')}</dt>
            <dd>{tr.bankName}</dd>
            <dt>{w('account')}</dt>
            <dd>{tr.account}</dd>
            <dt>{w('holder')}</dt>
            <dd>{tr.holder}</dd>
            <dt>{w('reference')}</dt>
            <dd>
              <strong data-reference>{tr.reference}</strong>
            </dd>
            <dt>{w('amount')}</dt>
            <dd>{formatMoney(i18n.language, tr.amount.amount, tr.amount.currency)}</dd>
          </dl>
        </>
      )}
      {next.kind === 'qr' && next.qrText && (
        <>
          <h3>{w('qrHeading')}</h3>
          <QrCode value={next.qrText} label={w('qrLabel')} />
          <ul>
            {(next.links ?? []).map((l) => (
              <li key={l.link}>
                <a href={l.link}>{l.description || l.name}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      {next.kind === 'redirect' && <p>{w('redirecting')}</p>}
      {children}
    </div>
  );
}
