// /product/{id}: one product. The server renders the page with the product's data
// (<script id="page-data">, the shape of GET /api/product/details), used instead of a request
// when it is this product's.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { useHydrated } from '../../../../lib/query';
import { useTitle } from '../../../../lib/title';
import { Alert } from '../../../../ui/Alert';
import { readPageData } from '../../../opportunities/pageData';
import { getProduct, type Product as P } from '../api';
import { dispatch } from '../cart';
import { CartLink, Money } from '../components/parts';

const ssrSlot = (() => {
  let html: string | undefined;
  return () => (html ??= typeof document === 'undefined' ? '' : (document.querySelector('[data-ssr-slot]')?.innerHTML ?? ''));
})();

function Buy({ p }: { p: P }) {
  const { t } = useTranslation();
  const [colours, setColours] = useState<string[]>([]);
  const [added, setAdded] = useState(false);
  if (!p.available) return <p>{t('shop.product.soldOut')}</p>;
  return (
    <form
      class="shop-buy"
      onSubmit={(e) => {
        e.preventDefault();
        dispatch({ type: 'add', item: { id: p.id, price: p.price, quantity: 1, colours } });
        setAdded(true);
      }}
    >
      {p.colours.length > 0 && (
        <fieldset>
          <legend>{t('shop.product.colours')}</legend>
          {p.colours.map((c, i) => (
            <label key={c} for={`shop-colour-${i}`}>
              <input
                id={`shop-colour-${i}`}
                type="checkbox"
                name="colours"
                value={c}
                checked={colours.includes(c)}
                onChange={(e) => setColours(e.currentTarget.checked ? [...colours, c] : colours.filter((x) => x !== c))}
              />
              {c}
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit">{t('shop.product.addToCart')}</button>
      {added && (
        <p role="status">
          {t('shop.product.added')} <Link href="/product/checkout">{t('shop.product.toCheckout')}</Link>
        </p>
      )}
    </form>
  );
}

export function Product() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [, params] = useRoute<{ id: string }>('/product/:id');
  const id = hydrated && params ? params.id : null;
  const embedded = id ? readPageData<P>((d) => String(d.id) === id) : undefined;
  type Got = { id: string | null; data?: P; error?: ApiError };
  const [got, setGot] = useState<Got>();
  useEffect(() => {
    if (!id || embedded) return;
    let live = true;
    getProduct(id).then(
      (data) => live && setGot({ id, data }),
      (error: ApiError) => live && setGot({ id, error }),
    );
    return () => {
      live = false;
    };
  }, [id, embedded]);
  const current: Got | undefined = got?.id === id ? got : embedded ? { id, data: embedded } : undefined;
  const p = current?.data;
  useTitle(p?.name);
  if (current?.error) {
    return (
      <>
        <h1>{t('shop.product.notFound')}</h1>
        <Alert variant="info">{current.error.message}</Alert>
        <p>
          <Link href="/product">{t('shop.product.back')}</Link>
        </p>
      </>
    );
  }
  if (!p) {
    const slot = ssrSlot();
    return (
      <>
        {hydrated && !slot && (
          <>
            <h1>{t('shop.product.title')}</h1>
            <p aria-busy="true">{t('shop.product.loading')}</p>
          </>
        )}
        <div data-ssr-slot="" dangerouslySetInnerHTML={{ __html: slot }} />
      </>
    );
  }
  return (
    <article class="shop-product">
      <p class="muted">
        <Link href="/product">{t('shop.product.back')}</Link>
      </p>
      <h1>{p.name}</h1>
      <p class="muted">
        {t(`shop.categories.${p.category}`)} · {t('shop.product.seller', { name: p.sellerName || t('shop.product.platform') })}
      </p>
      {p.images.length > 0 && (
        <div class="shop-images">
          {p.images.map((src) => (
            <img key={src} src={src} alt="" width="320" height="240" />
          ))}
        </div>
      )}
      <p class="shop-price">
        {t('shop.product.price')}:{' '}
        <strong>
          <Money amount={p.price} currency={p.currency} />
        </strong>
      </p>
      <p class="muted">
        {p.stockKind === 'digital' ? t('shop.product.digital') : p.stockKind === 'number' && p.available ? t('shop.product.left', { count: p.stock }) : ''}
      </p>
      <div class="shop-description" dangerouslySetInnerHTML={{ __html: p.descriptionHtml }} />
      <Buy p={p} />
      <CartLink />
    </article>
  );
}
