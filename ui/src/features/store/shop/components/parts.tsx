import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../../../../lib/session';
import { syncCart } from '../api';
import { formatMoney } from '../../../../lib/money';
import { useCheckout } from '../cart';

/** An amount of money in the page's language. */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  const { i18n } = useTranslation();
  return <>{formatMoney(i18n.language, amount, currency)}</>;
}

/** The cart's link with its number of items; keeps a signed-in person's cart on the server. */
export function CartLink() {
  const { t } = useTranslation();
  const s = useCheckout();
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  useEffect(() => {
    if (session.status !== 'unknown') syncCart(signedIn, s);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the session is known
  }, [session.status, signedIn]);
  const count = s.cart.reduce((n, i) => n + i.quantity, 0);
  return (
    <p class="shop-cartlink">
      <Link href="/product/checkout" class="shop-cartlink__link">
        {t('shop.cart.link', { count })}
      </Link>
    </p>
  );
}
