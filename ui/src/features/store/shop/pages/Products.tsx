// /product: the shop's list with search, filters and sort (GET /api/product/list); the list
// is prerendered empty and filled in the browser, as the opportunities' list.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { useQuery } from '../../../../lib/query';
import { Alert } from '../../../../ui/Alert';
import { CheckboxField, SelectField, TextField } from '../../../../ui/fields/TextField';
import { listProducts, type Product } from '../api';
import { CartLink, Money } from '../components/parts';

const CATEGORIES = ['guide', 'course', 'ticket', 'merchandise', 'service'];
const SORTS = ['newest', 'price_asc', 'price_desc'];

interface Filters {
  q: string;
  category: string;
  sort: string;
  inStock: boolean;
}

const queryOf = (f: Filters, after: string) =>
  new URLSearchParams(
    Object.entries({ q: f.q, category: f.category, sort: f.sort === 'newest' ? '' : f.sort, inStock: f.inStock ? '1' : '', after }).filter(
      ([, v]) => v !== '',
    ),
  ).toString();

export function ProductCard({ p }: { p: Product }) {
  const { t } = useTranslation();
  return (
    <li class="shop-card">
      <article>
        {p.images[0] && <img src={p.images[0]} alt="" loading="lazy" width="320" height="200" />}
        <h2>
          <Link href={`/product/${p.id}`}>{p.name}</Link>
        </h2>
        <p class="muted">{t(`shop.categories.${p.category}`)}</p>
        <p>
          <strong>
            <Money amount={p.price} currency={p.currency} />
          </strong>
          {!p.available && <> · {t('shop.product.soldOut')}</>}
        </p>
      </article>
    </li>
  );
}

export function Products() {
  const { t } = useTranslation();
  // The first filters come from the address (/product?q=…&category=…), once it is known.
  const query = useQuery();
  const hydrated = query !== null;
  const [filters, setFilters] = useState<Filters>({ q: '', category: '', sort: 'newest', inStock: false });
  const [form, setForm] = useState(filters);
  const [seen, setSeen] = useState<URLSearchParams | null>(null);
  if (query && !seen) {
    setSeen(query);
    const from: Filters = {
      q: query.get('q') ?? '',
      category: CATEGORIES.includes(query.get('category') ?? '') ? (query.get('category') ?? '') : '',
      sort: SORTS.includes(query.get('sort') ?? '') ? (query.get('sort') ?? 'newest') : 'newest',
      inStock: query.get('inStock') === '1',
    };
    setFilters(from);
    setForm(from);
  }
  const [after, setAfter] = useState('');
  const [got, setGot] = useState<{ key: string; items: Product[]; next: string } | null>(null);
  const [error, setError] = useState('');
  const key = queryOf(filters, after);
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    listProducts(key).then(
      (page) => {
        if (!live) return;
        setError('');
        setGot((old) => ({ key, items: after && old ? [...old.items, ...page.items] : page.items, next: page.next }));
      },
      (err: ApiError) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [hydrated, key, after]);
  const busy = got?.key !== key;
  return (
    <div class="shop">
      <header class="page-intro">
        <h1>{t('shop.list.heading')}</h1>
        <p>{t('shop.list.description')}</p>
      </header>
      <CartLink />
      <form
        class="shop-filters"
        role="search"
        aria-label={t('shop.list.search')}
        onSubmit={(e) => {
          e.preventDefault();
          setAfter('');
          setFilters(form);
        }}
      >
        <TextField id="shop-q" type="search" name="q" label={t('shop.list.search')} value={form.q} maxLength={200} onInput={(e) => setForm({ ...form, q: e.currentTarget.value })} />
        <SelectField
          id="shop-category"
          name="category"
          label={t('shop.list.category')}
          value={form.category}
          onChange={(e) => setForm({ ...form, category: e.currentTarget.value })}
          options={[{ value: '', label: t('shop.list.allCategories') }, ...CATEGORIES.map((c) => ({ value: c, label: t(`shop.categories.${c}`) }))]}
        />
        <SelectField
          id="shop-sort"
          name="sort"
          label={t('shop.list.sort')}
          value={form.sort}
          onChange={(e) => setForm({ ...form, sort: e.currentTarget.value })}
          options={SORTS.map((s) => ({ value: s, label: t(`shop.list.sorts.${s}`) }))}
        />
        <CheckboxField id="shop-instock" name="inStock" checked={form.inStock} onChange={(inStock) => setForm({ ...form, inStock })}>
          {t('shop.list.inStock')}
        </CheckboxField>
        <button type="submit">{t('shop.list.apply')}</button>
      </form>
      {error && (
        <Alert variant="error">
          {t('shop.list.failed')} {error}
        </Alert>
      )}
      <section aria-labelledby="shop-results" aria-live="polite" aria-busy={busy ? 'true' : 'false'}>
        <h2 id="shop-results" class="visually-hidden">
          {t('shop.list.results')}
        </h2>
        {!got ? (
          <p aria-busy="true">{t('shop.list.loading')}</p>
        ) : got.items.length === 0 ? (
          <p>{t('shop.list.empty')}</p>
        ) : (
          <ul class="shop-grid">
            {got.items.map((p) => (
              <ProductCard key={p.id} p={p} />
            ))}
          </ul>
        )}
      </section>
      {got?.next && (
        <button type="button" class="secondary outline" disabled={busy} onClick={() => setAfter(got.next)}>
          {t('shop.list.more')}
        </button>
      )}
    </div>
  );
}
