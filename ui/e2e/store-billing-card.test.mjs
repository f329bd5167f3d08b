// Renewals charged to the saved card (#16): an owner who paid by card through Stripe Checkout
// sees "Renews automatically with Visa •••• 4242" on the account page and removes the card
// (renewals are then invoices paid by hand). The server talks to the official stripe-mock
// through a small recording proxy (stripe-mock's ids are random; the proxy only remembers the
// Checkout Session and Customer it answered, so the test can sign Stripe's webhook for them).
// The browser never goes to Stripe: the subscription is made through the API, as the /payment
// page would, and Stripe's checkout.session.completed is sent signed, as Stripe would.
// English at 1366 px, Mongolian at 375 px; axe, no raw keys, no console errors.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { axe } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { registerApi, signInApi, tf } from './auth-helpers.mjs';
import { pageTexts, rawKeys } from './raw-keys.mjs';

const WEBHOOK_SECRET = 'whsec_e2e_card';

function stripeMockBinary() {
  const onPath = spawnSync('sh', ['-c', 'command -v stripe-mock'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const gopath = spawnSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).stdout.trim();
  const bin = path.join(gopath.split(path.delimiter)[0], 'bin', 'stripe-mock');
  if (!existsSync(bin)) throw new Error('stripe-mock is not installed: go install github.com/stripe/stripe-mock@latest (.ci/run does)');
  return bin;
}

/** Starts stripe-mock on ports it chooses; resolves its base URL. */
function startStripeMock() {
  const proc = spawn(stripeMockBinary(), ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'], { stdio: ['ignore', 'pipe', 'pipe'] });
  after(() => proc.kill());
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (b) => {
      out += b;
      const m = out.match(/Listening for HTTP at address: (\S+)/);
      if (m) resolve(`http://${m[1]}`);
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`stripe-mock exited (${code}): ${out}`)));
  });
}

/** A proxy in front of stripe-mock that remembers the last Checkout Session and Customer. */
async function recordingProxy(target) {
  const seen = {};
  const srv = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const keep = ['authorization', 'content-type', 'idempotency-key', 'stripe-version'];
      try {
        const answer = await fetch(target + req.url, {
          method: req.method,
          headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => keep.includes(k))),
          body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
        });
        const body = await answer.text();
        if (req.method === 'POST' && req.url.startsWith('/v1/checkout/sessions')) seen.session = JSON.parse(body).id;
        if (req.method === 'POST' && req.url === '/v1/customers') seen.customer = JSON.parse(body).id;
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(body);
      } catch (err) {
        res.writeHead(502, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: `proxy: ${err.message}` } }));
      }
    });
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  after(() => srv.close());
  return { url: `http://127.0.0.1:${srv.address().port}`, seen };
}

const proxy = await recordingProxy(await startStripeMock());
const site = useSite({
  args: ({ baseURL }) => ['--base-url', baseURL],
  env: { GEREGE_STRIPE_SECRET_KEY: 'sk_test_e2e', GEREGE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, GEREGE_STRIPE_API_BASE: proxy.url },
});

/** Sends a Stripe event signed as Stripe signs it (Stripe-Signature: t=…,v1=HMAC-SHA256). */
async function stripeEvent(type, object) {
  const payload = JSON.stringify({ id: `evt_e2e_${Date.now()}`, object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000),
    type, livemode: false, pending_webhooks: 1, data: { object } });
  const ts = Math.floor(Date.now() / 1000);
  const sig = createHmac('sha256', WEBHOOK_SECRET).update(`${ts}.${payload}`).digest('hex');
  const res = await fetch(`${site.baseURL}/api/payments/webhooks/stripe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${ts},v1=${sig}` },
    body: payload,
  });
  assert.equal(res.status, 200, `webhook: ${await res.text()}`);
}

const CASES = [
  { lang: 'en', viewport: { width: 1366, height: 900 } },
  { lang: 'mn', viewport: { width: 375, height: 740 } },
];

describe('renewals charged to the saved card', () => {
  for (const { lang, viewport } of CASES) {
    it(`an owner who paid by card sees the automatic renewal and removes the card (${lang}, ${viewport.width}px)`, async () => {
      const owner = await registerApi(site.baseURL, {
        email: `card-owner-${lang}@example.test`,
        password: 'card-owner-Passw0rd-2026',
        accountType: 'enterprise',
        organization: lang === 'en' ? 'Card Valley School' : 'Картын хөндий сургууль',
      });
      const context = await site.browser.newContext({ viewport });
      await signInApi(context, site.baseURL, owner);
      const headers = { Origin: site.baseURL, 'Sec-Fetch-Site': 'same-origin' };
      const plans = await (await context.request.get(`${site.baseURL}/api/billing/plans`)).json();
      const plan = plans.plans.find((p) => p.code === 'starter');
      const account = await (await context.request.get(`${site.baseURL}/api/billing/subscription`)).json();
      const sub = await context.request.post(`${site.baseURL}/api/billing/subscribe`, {
        headers,
        data: { planId: plan.id, currency: 'MNT', provider: 'stripe', acceptTerms: true, termsVersion: account.termsVersion,
          returnUrl: `/${lang}/dashboard/subscription` },
      });
      assert.equal(sub.status(), 201, await sub.text());
      assert.equal((await sub.json()).payment.next.kind, 'redirect');
      assert.ok(proxy.seen.session && proxy.seen.customer, 'the checkout was opened on a customer');
      await stripeEvent('checkout.session.completed', { id: proxy.seen.session, object: 'checkout.session', amount_total: plan.prices.find((m) => m.currency === 'MNT').amount * 100,
        currency: 'mnt', payment_status: 'paid', status: 'complete', customer: proxy.seen.customer, payment_intent: `pi_e2e_${lang}` });

      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      await page.goto(`${site.baseURL}/${lang}/dashboard/subscription`);
      const renews = page.getByText(tf(lang, 'storeBilling.ui.autoRenew', { card: 'Visa •••• 4242' }));
      await renews.waitFor();
      await page.getByRole('heading', { name: t(lang, 'storeBilling.ui.cardHeading') }).waitFor();
      assert.deepEqual(rawKeys((await pageTexts(page)).join('\n')), [], 'raw keys');
      assert.deepEqual(await axe(page, `subscription with a card (${lang})`), []);

      await page.getByRole('button', { name: t(lang, 'storeBilling.ui.removeCard') }).click();
      await page.getByRole('button', { name: t(lang, 'storeBilling.ui.removeConfirm') }).click();
      await page.getByText(t(lang, 'storeBilling.ui.cardRemoved')).waitFor();
      await renews.waitFor({ state: 'detached' });
      assert.equal(await page.getByRole('heading', { name: t(lang, 'storeBilling.ui.cardHeading') }).count(), 0);
      assert.deepEqual(await axe(page, `subscription without the card (${lang})`), []);
      await page.reload();
      await page.getByRole('heading', { level: 2, name: t(lang, 'storeBilling.ui.invoices') }).waitFor();
      assert.equal(await renews.count(), 0, 'the card is gone after a reload');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
