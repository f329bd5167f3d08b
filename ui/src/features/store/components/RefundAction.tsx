// "Refund…" where the money is looked at (an order, an invoice; issue #16): a button that
// reads the payment and opens the same dialog as the banking page (RefundDialog.tsx, loaded
// when the button is first used, so the page's first load does not carry it).
import { useState } from 'react';
import { type ApiError, get } from '../../../lib/api';
import type { Schema } from '../../../lib/apitypes';
import { toast } from '../../../lib/toast';

type Payment = Schema<'BankingPaymentView'>;
type Dialog = typeof import('./RefundDialog').RefundDialogWithWords;

/**
 * label: the page's own word for the button (the dialog's words come with the dialog). The
 * caller shows it only to people with banking.refund and only while money is owed back;
 * onDone reloads the caller's view (the new state shows without a page load).
 */
export function RefundAction({ paymentId, label, onDone }: { paymentId: number; label: string; onDone: () => void }) {
  const [open, setOpen] = useState<{ pay: Payment; Dialog: Dialog } | null>(null);
  const [busy, setBusy] = useState(false);
  const show = () => {
    setBusy(true);
    Promise.all([get<Payment>(`/payments/${paymentId}`), import('./RefundDialog')]).then(
      ([pay, m]) => {
        setBusy(false);
        setOpen({ pay, Dialog: m.RefundDialogWithWords });
      },
      (err: ApiError) => {
        setBusy(false);
        toast.error(err.message);
      },
    );
  };
  const Dlg = open?.Dialog;
  return (
    <>
      <button type="button" class="secondary" data-refund={paymentId} onClick={show} disabled={busy} aria-busy={busy ? 'true' : undefined}>
        {label}
      </button>
      {open && Dlg && (
        <Dlg
          key={open.pay.id}
          payment={open.pay}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            onDone();
          }}
          onFailed={onDone}
        />
      )}
    </>
  );
}
