// Waiting for a card or QPay payment: its status is asked every few seconds (asking also makes
// the server check a QPay invoice with QPay) until it is no longer pending, for at most ten
// minutes. A bank transfer is not polled: an admin confirms it, later.
import { useEffect, useState } from 'react';
import { get } from '../../../../lib/api';
import type { Payment } from '../api';

const EVERY = 3000;
const AT_MOST = 200; // × 3 s = 10 minutes

/** The payment's status once it is no longer pending ('' while waiting or not polling). */
export function usePaid(paymentId: number, active: boolean): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    if (!active || !paymentId) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const ask = () => {
      get<Payment>(`/payments/${paymentId}`).then(
        (p) => {
          if (!live) return;
          if (p.status !== 'pending') setSettled(p.status);
          else if (++tries < AT_MOST) timer = setTimeout(ask, EVERY);
        },
        () => {
          if (live && ++tries < AT_MOST) timer = setTimeout(ask, EVERY);
        },
      );
    };
    timer = setTimeout(ask, EVERY);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [paymentId, active]);
  return settled;
}
