// The refund dialog, shared by the banking page ("Refunds due"), the seller's order page and the
// invoice page (issue #16): how much goes back (default: all that remains; less for a part,
// except QPay, which refunds the whole payment only) and how; a bank transfer asks for its
// reference and day. Only people with banking.refund (platform admins) are shown it. Its words
// are the catalog section "banking" (RefundAction loads it, and this file, where the page does not).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, post } from '../../../lib/api';
import type { Resp, Schema } from '../../../lib/apitypes';
import { FormMessage, useForm } from '../../../lib/form';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { todayUB } from '../../../lib/ubtime';
import { useSections } from '../../../lib/sections';
import { Dialog } from '../../../ui/Dialog';
import { DateField, TextField } from '../../../ui/fields/TextField';

export type RefundPayment = Schema<'BankingPaymentView'>;
type Outcome = Resp<'refundPayment'>;

const P = 'banking.page';

/** An amount in minor units as typed in major units ("12.50" for USD, "25000" for MNT); NaN when it is not one. */
export function parseAmount(text: string, currency: string): number {
  const s = text.replace(/[\s,]/g, '');
  const cents = currency === 'USD';
  if (!(cents ? /^\d+(\.\d{1,2})?$/ : /^\d+$/).test(s)) return NaN;
  if (!cents) return Number(s);
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Minor units as the amount field shows them (no grouping: "12.50", "25000"). */
export function amountText(amount: number, currency: string): string {
  return currency === 'USD' ? `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}` : String(amount);
}

/** What is still owed back: the server's remaining, or the whole when the view has none. */
const remainingOf = (p: RefundPayment) => p.refundRemaining ?? 0;

/** "Partly refunded: X of Y" while parts came back but not the whole ('' otherwise). */
export function partlyText(t: (k: string, o?: Record<string, unknown>) => string, lang: string, refunded: number, total: number, currency: string): string {
  if (!refunded || refunded >= total) return '';
  return t(`${P}.partly`, { refunded: formatMoney(lang, refunded, currency), total: formatMoney(lang, total, currency) });
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** The dialog itself (the caller shows it for a payment owed back). */
export function RefundDialog({
  payment: pay,
  onClose,
  onDone,
  onFailed,
}: {
  payment: RefundPayment;
  onClose: () => void;
  onDone: (out: Outcome) => void;
  onFailed: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cur = pay.amount.currency;
  const bank = pay.provider === 'bank';
  const whole = pay.provider === 'qpay';
  const rest = remainingOf(pay);
  const form = useForm({ amount: amountText(rest, cur), reason: '', reference: '', date: todayUB() });
  // One key per opening of the dialog: a double click or a retry answers the same part.
  const [key] = useState(newKey);
  const { attach } = form;
  const send = form.submit(async () => {
    const body: Record<string, string | number> = { reason: form.values.reason, key };
    if (!whole) {
      const amount = parseAmount(form.values.amount, cur);
      if (!Number.isFinite(amount) || amount <= 0) {
        form.fail({ amount: t(`${P}.refundAmountInvalid`) });
        return;
      }
      body.amount = amount;
    }
    if (bank) Object.assign(body, { reference: form.values.reference, date: form.values.date });
    try {
      const out = await post<Outcome>(`/payments/${pay.id}/refund`, body);
      if (out.refund.status === 'failed') {
        form.fail({}, t(`${P}.refundFailed`, { reason: out.refund.failureText ?? out.refund.failure ?? '' }));
        onFailed();
        return;
      }
      toast.success(t(out.refund.status === 'succeeded' ? `${P}.refundDone` : `${P}.refundWaiting`, { id: pay.id }));
      onDone(out);
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  const partly = partlyText(t, lang, pay.refundedAmount ?? 0, pay.amount.amount, cur);
  return (
    <Dialog open onClose={onClose} id="refund-dialog" title={t(`${P}.refundTitle`, { id: pay.id })}>
      <form noValidate ref={attach} onSubmit={send}>
        <p>{t(`${P}.refundIntro`)}</p>
        <p>
          {t(`${P}.refundPaid`, { amount: formatMoney(lang, pay.amount.amount, cur) })}
          {partly && (
            <>
              <br />
              {partly}
            </>
          )}
          <br />
          {t(`${P}.refundVia`, { provider: t(`${P}.providers.${pay.provider}`) })}
        </p>
        <FormMessage message={form.message} />
        {whole ? (
          <p data-refund-whole>
            {t(`${P}.refundAmount`)}: <strong>{formatMoney(lang, rest, cur)}</strong>
            <br />
            {t(`${P}.refundQPayWhole`)}
          </p>
        ) : (
          <TextField
            id="refund-amount"
            label={t(`${P}.refundAmountLabel`, { currency: cur })}
            hint={t(`${P}.refundAmountHint`, { amount: formatMoney(lang, rest, cur) })}
            inputMode={cur === 'USD' ? 'decimal' : 'numeric'}
            required
            {...form.text('amount')}
          />
        )}
        {bank && (
          <>
            <TextField id="refund-reference" label={t(`${P}.refundReference`)} maxLength={100} required {...form.text('reference')} />
            <DateField id="refund-date" label={t(`${P}.refundDate`)} required {...form.text('date')} />
          </>
        )}
        <TextField id="refund-reason" label={t(`${P}.refundReason`)} maxLength={500} {...form.text('reason')} />
        <div class="button-row">
          <button type="submit" aria-busy={form.busy ? 'true' : undefined} disabled={form.busy}>
            {t(`${P}.refundConfirm`)}
          </button>
          <button type="button" class="secondary outline" onClick={onClose}>
            {t(`${P}.refundCancel`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The dialog where the page does not carry the banking words (an order, an invoice): it loads them first. */
export function RefundDialogWithWords(props: Parameters<typeof RefundDialog>[0]) {
  const ready = useSections(['banking']);
  return ready ? <RefundDialog {...props} /> : null;
}
