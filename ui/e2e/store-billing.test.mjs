// Paid accounts as people use them (--demo): a new organisation's owner reads the plans on
// /pricing, chooses one, is refused without accepting the no-refund terms (the message beside
// the checkbox, focus on it), accepts them and gets the bank-transfer details; the demo admin
// marks the transfer received (payments' mark-paid route); the owner sees the plan active on
// the subscription page, opens the paid invoice (HTML and its PDF) and cancels from the
// account page (effective at the end of the month). Then the demo admin edits the seller's
// details invoices are issued with (/dashboard/invoice/settings): a field left empty is refused
// beside it (focus on it), the values typed are kept, the saved bank is what payers transfer to.
// English at 1366 px, Mongolian at 375 px; axe, no raw keys, no console errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch, focused } from './harness.mjs';
import { registerApi, settled, signInApi, tf } from './auth-helpers.mjs';
import { pageTexts, rawKeys } from './raw-keys.mjs';

const site = useSite({ args: ['--demo'] });
const ADMIN = { email: 'admin@demo.gerege.mn', password: 'gerege-demo-2026' };
const CASES = [
  { lang: 'en', viewport: { width: 1366, height: 900 }, plan: 'Enterprise Starter' },
  { lang: 'mn', viewport: { width: 375, height: 740 }, plan: 'Байгууллага Эхлэл' },
];

/** A day as the pages write it (features/store/billing/money.ts): Mongolian time. */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
function day(iso, lang) {
  const d = new Date(new Date(iso).getTime() + 8 * 3600 * 1000);
  const [y, m, dd] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  return lang === 'mn' ? `${y} оны ${m + 1}-р сарын ${dd}` : `${dd} ${MONTHS[m]} ${y}`;
}

async function clean(page, label) {
  assert.deepEqual(rawKeys((await pageTexts(page)).join('\n')), [], `${label}: raw keys`);
  assert.deepEqual(await axe(page, label), []);
}

describe('paid accounts', () => {
  for (const { lang, viewport, plan } of CASES) {
    it(`an owner subscribes by bank transfer, sees the paid invoice and cancels (${lang}, ${viewport.width}px)`, async () => {
      const owner = await registerApi(site.baseURL, {
        email: `billing-owner-${lang}@example.test`,
        password: 'billing-owner-Passw0rd-2026',
        firstName: 'Bold',
        lastName: 'Bat',
        accountType: 'enterprise',
        organization: lang === 'en' ? 'Blue Sky School' : 'Хөх тэнгэр сургууль',
      });
      const context = await site.browser.newContext({ viewport });
      await signInApi(context, site.baseURL, owner);
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);

      // The account page: the free plan, and a way to the plans.
      await page.goto(`${site.baseURL}/${lang}/dashboard/subscription`);
      await page.getByText(tf(lang, 'storeBilling.ui.statusLabel', { status: t(lang, 'storeBilling.ui.status.none') })).waitFor();
      await clean(page, `subscription, free (${lang})`);
      await page.getByRole('link', { name: t(lang, 'storeBilling.ui.seePlans') }).click();

      // /pricing: the plans come from the API.
      await page.waitForURL(/\/pricing$/);
      await page.getByRole('heading', { level: 2, name: plan, exact: true }).waitFor();
      await clean(page, `pricing (${lang})`);
      await page.getByRole('article').filter({ has: page.getByRole('heading', { name: plan, exact: true }) })
        .getByRole('link', { name: t(lang, 'storeBilling.pricing.choose') }).click();

      // /payment: the plan is chosen; the terms must be accepted.
      await page.waitForURL(/\/payment\?plan=\d+$/);
      const submit = page.getByRole('button', { name: t(lang, 'storeBilling.pay.submit') });
      await submit.waitFor();
      assert.equal(await page.getByLabel(t(lang, 'storeBilling.pay.plan'), { exact: true }).locator('option:checked').textContent(), plan);
      await submit.click();
      const terms = page.getByRole('checkbox');
      await focused(terms);
      assert.equal(await terms.getAttribute('aria-invalid'), 'true');
      await page.getByText(t(lang, 'storeBilling.errors.terms')).waitFor();
      await terms.check();
      await submit.click();
      await page.getByRole('heading', { name: t(lang, 'storeBilling.pay.transferHeading') }).waitFor();
      const reference = (await page.locator('[data-reference]').textContent()).trim();
      assert.match(reference, /^GRG-/);
      await clean(page, `payment (${lang})`);

      // The admin sees the transfer arrive and marks it paid.
      const account = await (await page.request.get(`${site.baseURL}/api/billing/subscription`)).json();
      assert.equal(account.status, 'pending');
      const invoiceId = account.unpaid[0].id;
      const invoice = await (await page.request.get(`${site.baseURL}/api/billing/invoices/${invoiceId}`)).json();
      const admin = await site.browser.newContext();
      await signInApi(admin, site.baseURL, ADMIN);
      const paid = await admin.request.post(`${site.baseURL}/api/payments/${invoice.paymentId}/mark-paid`, {
        data: {},
        headers: { 'Sec-Fetch-Site': 'same-origin' },
      });
      assert.equal(paid.status(), 200, await paid.text());
      await admin.close();

      // The account page: the plan is active; the invoice is paid.
      await page.getByRole('link', { name: t(lang, 'storeBilling.pay.toSubscription') }).click();
      await page.getByRole('heading', { level: 2, name: tf(lang, 'storeBilling.ui.currentPlan', { plan }) }).waitFor();
      await settled(page);
      await page.getByText(tf(lang, 'storeBilling.ui.statusLabel', { status: t(lang, 'storeBilling.ui.status.active') })).waitFor();
      await clean(page, `subscription (${lang})`);
      await page.getByRole('link', { name: invoice.number, exact: true }).click();
      await page.getByText(t(lang, 'storeBilling.invoice.status.paid'), { exact: true }).waitFor();
      await page.getByText(tf(lang, 'storeBilling.invoice.number', { number: invoice.number })).waitFor();
      const pdf = await page.request.get(`${site.baseURL}/api/billing/invoices/${invoiceId}/pdf`);
      assert.equal(pdf.headers()['content-type'], 'application/pdf');
      assert.ok((await pdf.body()).subarray(0, 5).toString() === '%PDF-');
      await clean(page, `invoice (${lang})`);

      // Cancel, only here: at the end of the paid month.
      await page.goto(`${site.baseURL}/${lang}/dashboard/subscription`);
      await page.getByRole('button', { name: t(lang, 'storeBilling.ui.cancel') }).click();
      await page.getByRole('button', { name: t(lang, 'storeBilling.ui.cancelConfirm') }).click();
      await page.getByRole('status').filter({ hasText: tf(lang, 'storeBilling.ui.cancelled', { date: '' }).split(':')[0] }).first().waitFor();
      const after = await (await page.request.get(`${site.baseURL}/api/billing/subscription`)).json();
      assert.equal(after.status, 'active');
      assert.equal(after.cancelAtPeriodEnd, true);
      await page.getByText(tf(lang, 'storeBilling.ui.ends', { date: day(after.periodEnd, lang) })).waitFor();
      await clean(page, `subscription cancelled (${lang})`);
      // The refused subscription (no terms) is the one failed request the journey makes.
      assert.deepEqual(unexpected(problems, /422.*\/api\/billing\/subscribe|subscribe.*422|status of 422/), []);
      await context.close();
    });
  }

  for (const { lang, viewport } of CASES) {
    it(`the admin edits the seller's details (${lang}, ${viewport.width}px)`, async () => {
      const context = await site.browser.newContext({ viewport });
      await signInApi(context, site.baseURL, ADMIN);
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      await page.goto(`${site.baseURL}/${lang}/dashboard/invoice`);
      await page.getByRole('link', { name: t(lang, 'dashboard.invoiceSettings.title') }).click();
      await page.waitForURL(/\/dashboard\/invoice\/settings$/);
      const nameMn = page.getByLabel(t(lang, 'storeBilling.ui.seller.nameMn'));
      await nameMn.waitFor();
      await clean(page, `seller's details (${lang})`);
      // A required field left empty: refused beside it, focus on it, the other values kept.
      const bank = page.getByLabel(t(lang, 'storeBilling.ui.seller.bankName'));
      await bank.fill(lang === 'en' ? 'Khan Bank' : 'Хаан банк');
      await page.getByLabel(t(lang, 'storeBilling.ui.seller.bankAccount')).fill('5000 1234 56');
      await nameMn.fill('');
      await page.getByRole('button', { name: t(lang, 'storeBilling.ui.seller.save') }).click();
      await focused(nameMn);
      assert.equal(await nameMn.getAttribute('aria-invalid'), 'true');
      assert.equal(await bank.inputValue(), lang === 'en' ? 'Khan Bank' : 'Хаан банк');
      await nameMn.fill('Гэрэгэ ХХК');
      await page.getByRole('button', { name: t(lang, 'storeBilling.ui.seller.save') }).click();
      await page.getByText(t(lang, 'storeBilling.ui.seller.saved')).waitFor();
      await clean(page, `seller's details saved (${lang})`);
      const seller = await (await page.request.get(`${site.baseURL}/api/billing/seller`)).json();
      assert.equal(seller.saved, true);
      assert.equal(seller.details.bankAccount, '5000 1234 56');
      assert.equal(seller.details.nameMn, 'Гэрэгэ ХХК');
      // The refused save (an empty name) is the one failed request.
      assert.deepEqual(unexpected(problems, /422/), []);
      await context.close();
    });
  }
});
