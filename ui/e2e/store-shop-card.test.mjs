// The shop's checkout by card and by QPay, as far as they can be played offline, on a server
// with both configured:
// - card (en, desktop): the server talks to the official stripe-mock (through a small recording
//   proxy, so the test learns the Checkout Session the server opened), the browser is sent to
//   Stripe's page (answered here, never fetched), Stripe's signed webhook is sent by the test as
//   Stripe would, and the order's page — where Stripe sends the buyer back — waits for the
//   payment and shows it paid;
// - QPay (mn, phone): a small stand-in for QPay's three published calls (token, invoice,
//   payment check; the Go tests use the fuller app/platform/payments/qpaytest) gives the QR and
//   the banks' links, which the checkout page shows; the test pays the invoice "in the bank's
//   app", and the page, polling, shows the order paid.
// - another payment method (en desktop, mn phone): an order placed for a bank transfer is paid
//   by QPay from the order's page ("Pay another way"): the QR replaces the transfer's details,
//   the test pays it and the page shows the order paid.
// Axe on every page, no raw keys, no console errors.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { signInApi } from './auth-helpers.mjs';

const SECRET = 'whsec_gerege_e2e';
const who = (name) => ({ email: `${name}@demo.gerege.mn`, password: 'gerege-demo-2026' });
const GUIDE = { en: 'IELTS study guide', mn: 'IELTS-ийн сурах бичиг' };

/** stripe-mock as .ci/run installs it: on PATH or in $(go env GOPATH)/bin. */
function stripeMockBin() {
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  try {
    dirs.push(path.join(execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).trim(), 'bin'));
  } catch {
    // no go: PATH only
  }
  const bin = dirs.map((d) => path.join(d, 'stripe-mock')).find((f) => existsSync(f));
  if (!bin) throw new Error('stripe-mock not found (.ci/run installs it)');
  return bin;
}

const sessions = []; // the Checkout Sessions the server opened, newest last
let mock;
let proxy;
/** Starts stripe-mock and the recording proxy in front of it; the server is told to use the proxy. */
async function startStripe(env) {
  mock = spawn(stripeMockBin(), ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const target = await new Promise((resolve, reject) => {
    let out = '';
    const seen = (b) => {
      out += b;
      const m = out.match(/Listening for HTTP at address: (\S+)/);
      if (m) resolve(m[1]);
    };
    mock.stdout.on('data', seen);
    mock.stderr.on('data', seen);
    mock.on('exit', () => reject(new Error(`stripe-mock ended: ${out}`)));
  });
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), target.slice(target.lastIndexOf(':') + 1)];
  // The recording proxy: forwards every call, keeps the ids of the sessions created.
  proxy = http.createServer((req, res) => {
    const up = http.request({ host: host.replace(/^\[|\]$/g, ''), port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      const chunks = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => {
        const body = Buffer.concat(chunks);
        if (req.method === 'POST' && req.url.startsWith('/v1/checkout/sessions')) sessions.push(JSON.parse(body.toString()).id);
        res.writeHead(r.statusCode, r.headers);
        res.end(body);
      });
    });
    req.pipe(up);
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  Object.assign(env, {
    GEREGE_STRIPE_SECRET_KEY: 'sk_test_gerege',
    GEREGE_STRIPE_WEBHOOK_SECRET: SECRET,
    GEREGE_STRIPE_API_BASE: `http://127.0.0.1:${proxy.address().port}`,
  });
}
const env = {};
// Before the server starts (setup runs then): it reads its configuration once.
const site = useSite({ env, args: ({ baseURL }) => ['--demo', '--base-url', baseURL], setup: async () => Promise.all([startStripe(env), startQPay(env)]) });
after(() => {
  proxy?.close();
  qpay?.close();
  mock?.kill();
});

// The QPay stand-in: its invoices and their payments.
const invoices = new Map(); // invoice_id → { amount, paid: [] }
let qpay;
async function startQPay(env) {
  const json = (res, status, v) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(v));
  };
  qpay = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      if (req.url === '/v2/auth/token') return json(res, 200, { token_type: 'bearer', access_token: 'e2e-token', expires_in: 3600 });
      if (req.headers.authorization !== 'Bearer e2e-token') return json(res, 401, { error: 'NO_CREDENTIALS', message: 'token' });
      if (req.url === '/v2/invoice') {
        const id = `inv-e2e-${invoices.size + 1}`;
        invoices.set(id, { amount: body.amount, paid: [] });
        return json(res, 200, {
          invoice_id: id,
          qr_text: `0002010102121531279404962794049600022310027138152045734530349654031005802MN5904TEST6011Ulaanbaatar${id}`,
          qr_image: '',
          qPay_shortUrl: `https://s.qpay.mn/${id}`,
          urls: [
            { name: 'Khan bank', description: 'Хаан банк', logo: '', link: `khanbank://q?qPay_QRcode=${id}` },
            { name: 'State bank', description: 'Төрийн банк', logo: '', link: `statebank://q?qPay_QRcode=${id}` },
          ],
        });
      }
      if (req.url === '/v2/payment/check') {
        const inv = invoices.get(body.object_id);
        const rows = (inv?.paid ?? []).map((p) => ({ payment_id: p, payment_status: 'PAID', payment_amount: `${inv.amount}.00`, payment_currency: 'MNT' }));
        return json(res, 200, { count: rows.length, paid_amount: rows.length ? inv.amount : 0, rows });
      }
      return json(res, 404, { error: 'NOT_FOUND' });
    });
  });
  await new Promise((resolve) => qpay.listen(0, '127.0.0.1', resolve));
  Object.assign(env, {
    GEREGE_QPAY_CLIENT_ID: 'e2e',
    GEREGE_QPAY_CLIENT_SECRET: 'e2e-secret',
    GEREGE_QPAY_INVOICE_CODE: 'GEREGE_E2E',
    GEREGE_QPAY_API_BASE: `http://127.0.0.1:${qpay.address().port}`,
  });
}

/** Stripe's signed "checkout.session.completed" of a paid session of `amount` tögrög. */
async function webhook(session, amount) {
  const payload = JSON.stringify({
    id: `evt_e2e_${session}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type: 'checkout.session.completed',
    livemode: false,
    pending_webhooks: 1,
    data: { object: { id: session, object: 'checkout.session', amount_total: amount * 100, currency: 'mnt', payment_status: 'paid', status: 'complete' } },
  });
  const ts = Math.floor(Date.now() / 1000);
  const sig = createHmac('sha256', SECRET).update(`${ts}.${payload}`).digest('hex');
  const res = await fetch(`${site.baseURL}/api/payments/webhooks/stripe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${ts},v1=${sig}` },
    body: payload,
  });
  assert.equal(res.status, 200, await res.text());
}

describe('the shop by card and QPay (stripe-mock, a QPay stand-in)', () => {
  for (const [lang, viewport, provider] of [
    ['en', { width: 1366, height: 900 }, 'stripe'],
    ['mn', { width: 375, height: 740 }, 'qpay'],
  ]) {
    it(`pay by ${provider}, the order shows paid (${lang}, ${viewport.width}px)`, async () => {
      const context = await site.browser.newContext({ viewport });
      await signInApi(context, site.baseURL, who('student'));
      await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      const found = [];
      // Stripe's page is answered here: nothing leaves the machine.
      let toStripe = '';
      await page.route(/^https:\/\/checkout\.stripe\.com\//, (route) => {
        toStripe = route.request().url();
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Stripe</title><main><h1>Stripe</h1></main>' });
      });
      const products = await (await context.request.get(`${site.baseURL}/api/product/list?q=IELTS`)).json();
      const guide = products.items.find((p) => p.name === GUIDE[lang] || p.name === GUIDE.en);
      assert.ok(guide, 'the demo guide');
      // The cart as the product pages leave it (kept in local storage), at the delivery and payment step.
      const cart = {
        activeStep: 2,
        cart: [{ id: guide.id, price: guide.price, quantity: 1, colours: [] }],
        billing: { name: 'Saraa Bold', email: 'student@demo.gerege.mn', phone: '', address: '', city: '' },
        delivery: 'pickup',
        coupon: '',
      };
      await context.addInitScript((state) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('gerege.checkout', state);
          sessionStorage.setItem('seeded', '1');
        }
      }, JSON.stringify(cart));
      await page.goto(`${site.baseURL}/${lang}/product/checkout`);
      await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
      await page.getByRole('heading', { level: 2, name: t(lang, 'shop.checkout.steps.delivery') }).waitFor();
      // The configured methods: card, QPay and bank transfer.
      await page.getByLabel(t(lang, 'shop.checkout.payment.bank')).waitFor();
      await page.getByLabel(t(lang, 'shop.checkout.payment.stripe')).waitFor();
      await page.getByLabel(t(lang, `shop.checkout.payment.${provider}`)).check();
      found.push(...(await axe(page, `${lang} payment methods`)));
      await page.getByRole('button', { name: t(lang, 'shop.checkout.next') }).click();
      await page.getByRole('heading', { level: 2, name: t(lang, 'shop.checkout.steps.review') }).waitFor();
      const before = sessions.length;
      await page.getByRole('button', { name: t(lang, 'shop.checkout.pay') }).click();
      if (provider === 'qpay') {
        // The QR and the banks' apps, on the checkout page, which waits for the payment…
        await page.getByRole('img', { name: t(lang, 'shop.payNext.qrLabel') }).waitFor();
        await page.getByRole('link', { name: 'Хаан банк' }).waitFor();
        await page.getByText(t(lang, 'shop.orders.waiting')).waitFor();
        found.push(...(await axe(page, `${lang} QPay QR`)));
        // …until the buyer pays in the bank's app; polling asks QPay and shows it paid.
        assert.equal(invoices.size, 1, 'one QPay invoice');
        const [[, inv]] = [...invoices];
        inv.paid.push('qpay-e2e-1');
        await page.getByText(t(lang, 'shop.orders.paidNow')).waitFor({ timeout: 15_000 });
        found.push(...(await axe(page, `${lang} QPay paid`)));
        const orders = await (await context.request.get(`${site.baseURL}/api/me/orders`)).json();
        assert.equal(orders.items[0].status, 'paid');
      } else {
        await page.waitForURL(/checkout\.stripe\.com/);
        assert.ok(toStripe, 'sent to Stripe Checkout');
        assert.equal(sessions.length, before + 1, 'one Checkout Session');

        // Stripe sends the buyer back to the order's page, which waits for the payment…
        const orders = await (await context.request.get(`${site.baseURL}/api/me/orders`)).json();
        const order = orders.items[0];
        assert.equal(order.status, 'placed');
        await page.goto(`${site.baseURL}/${lang}/dashboard/orders/${order.id}?payment=${order.paymentId}`);
        await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
        await page.getByText(t(lang, 'shop.orders.waiting')).waitFor();
        await page.getByText(t(lang, 'shop.checkout.payment.stripe')).waitFor();
        found.push(...(await axe(page, `${lang} waiting`)));
        // …until Stripe's webhook says it is paid.
        await webhook(sessions[sessions.length - 1], order.total);
        await page.getByText(t(lang, 'shop.orders.paidNow')).waitFor({ timeout: 15_000 });
        await page.locator('[data-status="paid"]').waitFor();
        found.push(...(await axe(page, `${lang} paid`)));
      }
      const text = await page.locator('body').innerText();
      assert.doesNotMatch(text, /\b(shop|shopDashboard|dashboard)\.[a-z]+\.[a-zA-Z]/, 'raw key');

      assert.deepEqual(found, []);
      assert.deepEqual(unexpected(problems, /request to another host: https:\/\/checkout\.stripe\.com\//), []);
      await context.close();
    });
  }

  for (const [lang, viewport] of [
    ['en', { width: 1366, height: 900 }],
    ['mn', { width: 375, height: 740 }],
  ]) {
    it(`an order placed for a bank transfer is paid by QPay instead (${lang}, ${viewport.width}px)`, async () => {
      const context = await site.browser.newContext({ viewport });
      await signInApi(context, site.baseURL, who('student'));
      await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      const found = [];
      const products = await (await context.request.get(`${site.baseURL}/api/product/list?q=IELTS`)).json();
      const guide = products.items.find((p) => p.name === GUIDE[lang] || p.name === GUIDE.en);
      const cart = {
        activeStep: 2,
        cart: [{ id: guide.id, price: guide.price, quantity: 1, colours: [] }],
        billing: { name: 'Saraa Bold', email: 'student@demo.gerege.mn', phone: '', address: '', city: '' },
        delivery: 'pickup',
        coupon: '',
      };
      await context.addInitScript((state) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('gerege.checkout', state);
          sessionStorage.setItem('seeded', '1');
        }
      }, JSON.stringify(cart));
      await page.goto(`${site.baseURL}/${lang}/product/checkout`);
      await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
      await page.getByLabel(t(lang, 'shop.checkout.payment.bank')).check();
      await page.getByRole('button', { name: t(lang, 'shop.checkout.next') }).click();
      await page.getByRole('button', { name: t(lang, 'shop.checkout.pay') }).click();
      await page.locator('[data-reference]').waitFor();
      const orders = await (await context.request.get(`${site.baseURL}/api/me/orders`)).json();
      const order = orders.items[0];
      assert.equal(order.status, 'placed');

      // The order's page: the transfer's details, and the other ways to pay it.
      await page.goto(`${site.baseURL}/${lang}/dashboard/orders/${order.id}`);
      await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
      await page.locator('[data-reference]').waitFor();
      await page.getByRole('heading', { level: 3, name: t(lang, 'shop.orders.changeMethod') }).waitFor();
      await page.getByLabel(t(lang, 'shop.checkout.payment.stripe')).waitFor();
      found.push(...(await axe(page, `${lang} pay another way`)));
      const invoicesBefore = invoices.size;
      await page.getByLabel(t(lang, 'shop.checkout.payment.qpay')).check();
      await page.getByRole('button', { name: t(lang, 'shop.orders.changeMethodSubmit') }).click();
      // The QR replaces the transfer; the page waits for the payment.
      await page.getByRole('img', { name: t(lang, 'shop.payNext.qrLabel') }).waitFor();
      await page.getByText(t(lang, 'shop.orders.waiting')).waitFor();
      await page.getByText(t(lang, 'shop.checkout.payment.qpay')).first().waitFor();
      assert.equal(await page.locator('[data-reference]').count(), 0, 'the transfer details are gone');
      assert.equal(invoices.size, invoicesBefore + 1, 'one QPay invoice');
      found.push(...(await axe(page, `${lang} QPay instead`)));
      [...invoices.values()].at(-1).paid.push(`qpay-e2e-switch-${lang}`);
      await page.getByText(t(lang, 'shop.orders.paidNow')).waitFor({ timeout: 15_000 });
      await page.locator('[data-status="paid"]').waitFor();
      const paid = await (await context.request.get(`${site.baseURL}/api/me/orders/${order.id}`)).json();
      assert.equal(paid.order.status, 'paid');
      assert.equal(paid.provider, 'qpay');
      const text = await page.locator('body').innerText();
      assert.doesNotMatch(text, /\b(shop|shopDashboard|dashboard)\.[a-z]+\.[a-zA-Z]/, 'raw key');
      assert.deepEqual(found, []);
      assert.deepEqual(unexpected(problems), []);
      await context.close();
    });
  }
});
