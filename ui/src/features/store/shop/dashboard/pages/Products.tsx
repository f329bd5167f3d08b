// The seller's products: /dashboard/product (the list and the coupon codes), /new, /{id} and
// /{id}/edit (the editor, in both languages, with pictures).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import { type ApiError, del, post, put } from '../../../../../lib/api';
import { focusFirstInvalid } from '../../../../../lib/form';
import { useResource } from '../../../../../lib/resource';
import { toast } from '../../../../../lib/toast';
import { Alert } from '../../../../../ui/Alert';
import { DashboardShell } from '../../../../../ui/DashboardShell';
import { CheckboxField, SelectField, TextField } from '../../../../../ui/fields/TextField';
import { Table } from '../../../../../ui/Table';
import type { Coupons, Product, ProductInput, ProductPage } from '../../api';
import { Money } from '../../components/parts';

const D = 'shopDashboard.products';
const E = 'shopDashboard.editor';
const CATEGORIES = ['guide', 'course', 'ticket', 'merchandise', 'service'];

function Failed({ error, reload }: { error: string; reload: () => void }) {
  const { t } = useTranslation();
  return error ? (
    <Alert variant="error">
      {error}{' '}
      <button type="button" class="secondary outline" onClick={reload}>
        {t(`${D}.retry`)}
      </button>
    </Alert>
  ) : (
    <p aria-busy="true">{t(`${D}.loading`)}</p>
  );
}

function stockText(t: (k: string) => string, p: Product) {
  return p.stockKind === 'number' ? String(p.stock) : t(`${D}.${p.stockKind}`);
}

function CouponsSection() {
  const { t } = useTranslation();
  const C = 'shopDashboard.coupons';
  const { data, reload } = useResource<Coupons>('/shop/coupons');
  const [f, setF] = useState({ code: '', percent: '10', expiresOn: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  return (
    <section aria-labelledby="shop-coupons-h">
      <h2 id="shop-coupons-h">{t(`${C}.heading`)}</h2>
      {data && !data.items.length && <p>{t(`${C}.empty`)}</p>}
      {data && data.items.length > 0 && (
        <ul>
          {data.items.map((c) => (
            <li key={c.code}>
              <code>{c.code}</code> · {c.percent}% · {t(c.expired ? `${C}.expired` : `${C}.valid`)}
            </li>
          ))}
        </ul>
      )}
      <form
        ref={form}
        class="shop-coupon"
        onSubmit={(e) => {
          e.preventDefault();
          post('/shop/coupons', { code: f.code, percent: Number(f.percent), expiresOn: f.expiresOn }).then(
            () => {
              setErrors({});
              setF({ code: '', percent: '10', expiresOn: '' });
              toast.success(t(`${C}.created`));
              void reload();
            },
            (err: ApiError) => {
              setErrors(err.errors ?? {});
              if (!err.errors) toast.error(err.message);
              setTimeout(() => focusFirstInvalid(form.current));
            },
          );
        }}
      >
        <TextField id="coupon-code" name="code" label={t(`${C}.code`)} value={f.code} required maxLength={40} error={errors.code} onInput={(e) => setF({ ...f, code: e.currentTarget.value })} />
        <TextField id="coupon-percent" name="percent" type="number" min="1" max="100" label={t(`${C}.percent`)} value={f.percent} required error={errors.percent} onInput={(e) => setF({ ...f, percent: e.currentTarget.value })} />
        <TextField id="coupon-expires" name="expiresOn" type="date" label={t(`${C}.expiresOn`)} value={f.expiresOn} required error={errors.expiresOn} onInput={(e) => setF({ ...f, expiresOn: e.currentTarget.value })} />
        <button type="submit">{t(`${C}.create`)}</button>
      </form>
    </section>
  );
}

function List() {
  const { t } = useTranslation();
  const { data, error, reload } = useResource<ProductPage>('/shop/products?limit=100');
  return (
    <>
      <p>
        <Link href="/dashboard/product/new" role="button">
          {t(`${D}.new`)}
        </Link>
      </p>
      {!data ? (
        <Failed error={error} reload={() => void reload()} />
      ) : !data.items.length ? (
        <p>{t(`${D}.empty`)}</p>
      ) : (
        <Table
          id="shop-products"
          caption={t(`${D}.heading`)}
          rows={data.items}
          rowKey={(p) => String(p.id)}
          columns={[
            { key: 'name', header: t(`${D}.name`), cell: (p) => <Link href={`/dashboard/product/${p.id}`}>{p.name}</Link> },
            { key: 'category', header: t(`${D}.category`), cell: (p) => t(`shop.categories.${p.category}`) },
            { key: 'price', header: t(`${D}.price`), cell: (p) => <Money amount={p.price} currency={p.currency} /> },
            { key: 'stock', header: t(`${D}.stock`), cell: (p) => stockText(t, p) },
            { key: 'sold', header: t(`${D}.sold`), cell: (p) => String(p.sold) },
            { key: 'active', header: t(`${D}.active`), cell: (p) => t(p.active ? `${D}.yes` : `${D}.no`) },
          ]}
        />
      )}
      <CouponsSection />
    </>
  );
}

export function SellerProducts() {
  return <DashboardShell page="product">{() => <List />}</DashboardShell>;
}

interface Form {
  nameEn: string;
  nameMn: string;
  descriptionEn: string;
  descriptionMn: string;
  category: string;
  price: string;
  currency: string;
  stockKind: string;
  stock: string;
  colours: string;
  active: boolean;
}

const formOf = (p?: Product): Form => ({
  nameEn: p?.nameEn ?? '',
  nameMn: p?.nameMn ?? '',
  descriptionEn: p?.descriptionEn ?? '',
  descriptionMn: p?.descriptionMn ?? '',
  category: p?.category ?? 'guide',
  price: p ? String(p.price) : '',
  currency: p?.currency ?? 'MNT',
  stockKind: p?.stockKind ?? 'number',
  stock: p ? String(p.stock) : '0',
  colours: (p?.colours ?? []).join('\n'),
  active: p?.active ?? true,
});

function Area({ id, label, value, error, onValue, rows = 4 }: { id: string; label: string; value: string; error?: string; onValue: (v: string) => void; rows?: number }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} name={id} rows={rows} value={value} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? `${id}-error` : undefined} onInput={(e) => onValue(e.currentTarget.value)} />
      {error && (
        <small id={`${id}-error`} class="field__error">
          {error}
        </small>
      )}
    </div>
  );
}

function Pictures({ p, onChange }: { p: Product; onChange: (p: Product) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  return (
    <section aria-labelledby="shop-pictures-h">
      <h2 id="shop-pictures-h">{t(`${E}.images`)}</h2>
      <ul class="shop-pictures">
        {p.images.map((src, i) => (
          <li key={src}>
            <img src={src} alt={t(`${E}.picture`, { n: i + 1 })} width="160" height="120" />
            <button
              type="button"
              class="secondary outline"
              onClick={() => del<Product>(`/shop/products/${p.id}/images/${src.split('/').pop()}`).then(onChange, (err: ApiError) => toast.error(err.message))}
            >
              {t(`${E}.removeImage`, { n: i + 1 })}
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          post<Product>(`/shop/products/${p.id}/images`, data).then(
            (np) => {
              setError('');
              onChange(np);
            },
            (err: ApiError) => setError(err.errors?.image ?? err.message),
          );
        }}
      >
        <div class="field">
          <label for="shop-image">{t(`${E}.image`)}</label>
          <input id="shop-image" name="image" type="file" accept="image/png,image/jpeg,image/webp,image/gif" required aria-describedby={error ? 'shop-image-error' : undefined} />
          {error && (
            <small id="shop-image-error" class="field__error">
              {error}
            </small>
          )}
        </div>
        <button type="submit" class="secondary">
          {t(`${E}.upload`)}
        </button>
      </form>
    </section>
  );
}

function Editor({ product }: { product?: Product }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [f, setF] = useState<Form>(() => formOf(product));
  const [p, setP] = useState(product);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length) focusFirstInvalid(form.current);
  }, [errors]);
  const set = (k: keyof Form) => (v: string) => setF({ ...f, [k]: v });
  const text = (k: keyof Form, type: 'text' | 'number' = 'text', hint?: string) => (
    <TextField id={`product-${k}`} name={k} type={type} label={t(`${E}.${k}`)} hint={hint} value={String(f[k])} error={errors[k]} onInput={(e) => set(k)(e.currentTarget.value)} />
  );
  const select = (k: keyof Form, options: { value: string; label: string }[]) => (
    <SelectField id={`product-${k}`} name={k} label={t(`${E}.${k}`)} value={String(f[k])} error={errors[k]} onChange={(e) => set(k)(e.currentTarget.value)} options={options} />
  );
  const submit = () => {
    const body: ProductInput = {
      nameEn: f.nameEn,
      nameMn: f.nameMn,
      descriptionEn: f.descriptionEn,
      descriptionMn: f.descriptionMn,
      category: f.category,
      price: Number(f.price === '' ? NaN : f.price),
      currency: f.currency,
      stockKind: f.stockKind,
      stock: Number(f.stock || 0),
      colours: f.colours.split('\n').map((c) => c.trim()).filter(Boolean),
      active: f.active,
    };
    if (!Number.isFinite(body.price)) body.price = -1;
    setBusy(true);
    (p ? put<Product>(`/shop/products/${p.id}`, body) : post<Product>('/shop/products', body)).then(
      (saved) => {
        setBusy(false);
        setErrors({});
        toast.success(t(`${E}.saved`));
        if (!p) navigate(`/dashboard/product/${saved.id}/edit`);
        setP(saved);
      },
      (err: ApiError) => {
        setBusy(false);
        setErrors(err.errors ?? {});
        if (!err.errors) toast.error(err.message);
      },
    );
  };
  return (
    <>
      <form
        ref={form}
        class="shop-editor"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {text('nameEn')}
        {text('nameMn')}
        <Area id="product-descriptionEn" label={t(`${E}.descriptionEn`)} value={f.descriptionEn} error={errors.descriptionEn} onValue={set('descriptionEn')} />
        <Area id="product-descriptionMn" label={t(`${E}.descriptionMn`)} value={f.descriptionMn} error={errors.descriptionMn} onValue={set('descriptionMn')} />
        {select('category', CATEGORIES.map((c) => ({ value: c, label: t(`shop.categories.${c}`) })))}
        {text('price', 'number', t(`${E}.priceHint`))}
        {select('currency', ['MNT', 'USD'].map((c) => ({ value: c, label: c })))}
        {select('stockKind', ['number', 'unlimited', 'digital'].map((k) => ({ value: k, label: t(`${E}.stockKinds.${k}`) })))}
        {f.stockKind === 'number' && text('stock', 'number')}
        <Area id="product-colours" label={t(`${E}.colours`)} value={f.colours} error={errors.colours} onValue={set('colours')} rows={3} />
        <small class="muted">{t(`${E}.coloursHint`)}</small>
        <CheckboxField id="product-active" name="active" checked={f.active} onChange={(active) => setF({ ...f, active })}>
          {t(`${E}.active`)}
        </CheckboxField>
        <button type="submit" disabled={busy} aria-busy={busy ? 'true' : undefined}>
          {t(`${E}.save`)}
        </button>
      </form>
      {p && <Pictures p={p} onChange={setP} />}
    </>
  );
}

export function NewProduct() {
  return <DashboardShell page="product" titleKey="dashboard.productNew.title">{() => <Editor />}</DashboardShell>;
}

function Loaded({ id, view }: { id: string; view: boolean }) {
  const { t } = useTranslation();
  const { data, error, reload } = useResource<Product>(`/shop/products/${encodeURIComponent(id)}`);
  if (!data) return <Failed error={error} reload={() => void reload()} />;
  if (!view) return <Editor product={data} />;
  return (
    <article class="shop-product">
      <h2>{data.name}</h2>
      <p>
        <Money amount={data.price} currency={data.currency} /> · {t(`shop.categories.${data.category}`)} · {t(`${D}.stock`)}: {stockText(t, data)} · {t(`${D}.sold`)}:{' '}
        {data.sold}
      </p>
      <div class="shop-description" dangerouslySetInnerHTML={{ __html: data.descriptionHtml }} />
      <p>
        <Link href={`/dashboard/product/${data.id}/edit`} role="button">
          {t(`${D}.edit`)}
        </Link>{' '}
        {data.active && <Link href={`/product/${data.id}`}>{t(`${D}.view`)}</Link>}
      </p>
    </article>
  );
}

export function ProductView() {
  const [, params] = useRoute<{ id: string }>('/dashboard/product/:id');
  return <DashboardShell page="product" titleKey="dashboard.productView.title">{() => <Loaded id={params?.id ?? ''} view />}</DashboardShell>;
}

export function EditProduct() {
  const [, params] = useRoute<{ id: string }>('/dashboard/product/:id/edit');
  return <DashboardShell page="product" titleKey="dashboard.productEdit.title">{() => <Loaded id={params?.id ?? ''} view={false} />}</DashboardShell>;
}
