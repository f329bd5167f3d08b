// The banking page as people use it (demo accounts, --demo: payments through the bank-transfer
// provider, no network): an organisation's owner in English at 1366 px sees its ledger with the
// running balance and what it paid, a bad date is refused beside its field, and the CSV
// downloads; a platform admin in Mongolian at 375 px sees the bank transfer waiting, marks it
// received, and finds it in the platform's income; then refunds the payment due (a bank
// transfer sent back: its reference required beside the field) — after an admin in English
// refunded a part of it from the order's page (partial refunds). axe, no raw keys, no console
// errors.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { axe } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { settled, signInApi, tf, toastWith } from './auth-helpers.mjs';
import { pageTexts, rawKeys } from './raw-keys.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const P = 'banking.page';

async function pageAs(name, viewport) {
  const context = await site.browser.newContext({ viewport, acceptDownloads: true });
  await signInApi(context, site.baseURL, { email: `${name}@demo.gerege.mn`, password: PASSWORD });
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL) };
}

describe('banking', () => {
  it('an admin and an owner (en, 1366 px): the ledger with its balance, what was paid, a refused date, the CSV', async () => {
    const lang = 'en';
    // The owner: what the organisation paid (its subscription's invoices); the platform's part
    // (the transfers waiting) is the admins'. The demo's organisation sells nothing yet (it is
    // not verified), so its own ledger may be empty.
    const owner = await pageAs('owner', { width: 1366, height: 900 });
    await owner.page.goto(`${site.baseURL}/${lang}/dashboard/banking`);
    await owner.page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.banking.title'), exact: true }).waitFor();
    await settled(owner.page);
    const charges = owner.page.getByRole('table', { name: t(lang, `${P}.charges`) });
    await charges.waitFor();
    assert.ok((await charges.locator('tbody tr').count()) >= 1);
    assert.equal(await owner.page.getByRole('region', { name: t(lang, `${P}.pending`) }).count(), 0);
    assert.deepEqual(owner.problems, []);
    await owner.context.close();

    // The admin: the platform's ledger — the shop's sales and billing's invoices, with the fees.
    const { context, page, problems } = await pageAs('admin', { width: 1366, height: 900 });
    await page.goto(`${site.baseURL}/${lang}/dashboard/banking`);
    await page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.banking.title'), exact: true }).waitFor();
    await settled(page);
    const ledger = page.getByRole('region', { name: t(lang, `${P}.platformLedger`), exact: true });
    const table = ledger.getByRole('table', { name: t(lang, `${P}.platformLedger`) });
    await table.waitFor();
    const rows = await table.locator('tbody tr').count();
    assert.ok(rows >= 2, `ledger rows: ${rows}`);
    assert.match(await ledger.locator('strong').first().textContent(), /\d/);
    // A date the server cannot read: its message beside the field, focus on it.
    const from = ledger.getByLabel(t(lang, `${P}.from`));
    await from.fill('2026-02-30');
    await ledger.getByRole('button', { name: t(lang, `${P}.apply`) }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    assert.equal(await from.getAttribute('aria-invalid'), 'true');
    const described = await from.getAttribute('aria-describedby');
    assert.ok(described && (await page.locator(`[id="${described.split(' ')[0]}"]`).textContent()).includes(t(lang, 'banking.errors.day')));
    await from.fill('');
    await ledger.getByRole('button', { name: t(lang, `${P}.apply`) }).click();
    await page.waitForFunction(() => !document.querySelector('[aria-invalid="true"]'));
    // The CSV: offered only once complete, with its byte-order mark and the reader's words.
    const [download] = await Promise.all([page.waitForEvent('download'), ledger.getByRole('button', { name: t(lang, `${P}.csv`) }).click()]);
    const text = await readFile(await download.path(), 'utf8');
    assert.match(text, new RegExp(`^\uFEFF${t(lang, 'banking.export.date')},`));
    assert.equal(text.trim().split('\n').length, rows + 1);
    // A download that breaks offers no file: the page says it failed.
    let offered = false;
    page.on('download', () => (offered = true));
    await page.route('**/api/banking/ledger.csv*', (route) => route.abort('connectionreset'));
    await ledger.getByRole('button', { name: t(lang, `${P}.csv`) }).click();
    await ledger.getByRole('alert').getByText(t(lang, `${P}.csvFailed`)).waitFor();
    assert.equal(offered, false);
    await page.unroute('**/api/banking/ledger.csv*');
    assert.deepEqual(rawKeys((await pageTexts(page)).join('\n')), []);
    assert.deepEqual(await axe(page, 'banking (en, wide)'), []);
    // The refused date's 422 is the form's to show, the broken download the test's own; nothing else may fail.
    const expected = (p) => /status of 422|HTTP 422: .*\/api\/banking\/ledger\?.*from=2026-02-30|request failed: .*ledger\.csv|ERR_CONNECTION_RESET/.test(p);
    assert.deepEqual(problems.filter((p) => !expected(p)), []);
    await context.close();
  });

  it('an admin (en, 1366 px): a part of the refund due, from the order page, with the same dialog', async () => {
    const lang = 'en';
    const { context, page, problems } = await pageAs('admin', { width: 1366, height: 900 });
    // The refund due is a paid order its seller (the platform) cancelled: its page has the button.
    const due = await (await page.request.get(`${site.baseURL}/api/banking/refunds`)).json();
    const pay = due.items[0].payment;
    assert.equal(pay.purpose, 'order');
    const money = (n) => `MNT ${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
    const part = Math.floor(pay.amount.amount / 2);
    await page.goto(`${site.baseURL}/${lang}/dashboard/order/${pay.refId}`);
    await page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.orderView.title'), exact: true }).waitFor();
    await page.getByRole('button', { name: t(lang, 'shop.orders.refundButton'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(t(lang, `${P}.refundTitle`).split('{{')[0]) });
    await dialog.waitFor();
    const amount = dialog.getByLabel(tf(lang, `${P}.refundAmountLabel`, { currency: 'MNT' }));
    assert.equal(await amount.inputValue(), String(pay.amount.amount), 'the rest by default');
    await amount.fill(String(part));
    await dialog.getByLabel(t(lang, `${P}.refundReference`)).fill('PART-E2E-1');
    await dialog.getByRole('button', { name: t(lang, `${P}.refundConfirm`), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The page shows the new state without a reload: partly refunded, still owed, the button still there.
    await page.getByText(tf(lang, 'shop.orders.partlyRefunded', { refunded: money(part), total: money(pay.amount.amount) })).waitFor();
    await page.getByRole('button', { name: t(lang, 'shop.orders.refundButton'), exact: true }).waitFor();
    assert.deepEqual(rawKeys((await pageTexts(page)).join('\n')), []);
    assert.deepEqual(await axe(page, 'order partly refunded (en, wide)'), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('an admin (mn, 375 px): the transfer waiting, marked received, in the platform income; a refund recorded', async () => {
    const lang = 'mn';
    const { context, page, problems } = await pageAs('admin', { width: 375, height: 740 });
    await page.goto(`${site.baseURL}/${lang}/dashboard/banking`);
    await page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.banking.title'), exact: true }).waitFor();
    await settled(page);
    const pending = page.getByRole('region', { name: t(lang, `${P}.pending`), exact: true });
    const waiting = pending.getByRole('row').filter({ hasText: 'GRG-' });
    const count = await waiting.count();
    assert.ok(count >= 1, 'a transfer waits');
    const row = waiting.first();
    const reference = (await row.getByRole('rowheader').textContent()).trim();
    const income = page.getByRole('region', { name: t(lang, `${P}.platformLedger`), exact: true });
    const before = await income.locator('tbody tr').count();
    assert.deepEqual(await axe(page, 'banking admin (mn, phone)'), []);
    await row.getByRole('button', { name: new RegExp(t(lang, `${P}.markPaid`)) }).click();
    await toastWith(page, tf(lang, `${P}.marked`, { reference }));
    if (count === 1) await pending.getByText(t(lang, `${P}.noPending`)).waitFor();
    else await waiting.nth(count - 1).waitFor({ state: 'detached' });
    // The platform's income shows it after a reload of its ledger.
    await income.getByRole('button', { name: t(lang, `${P}.apply`) }).click();
    await page.waitForFunction((n) => document.querySelectorAll('#banking-platform tbody tr').length === n + 1, before);
    // The refund due (a paid order its seller cancelled, a bank transfer): the dialog asks for
    // the transfer sent back; without its reference the message is beside the field, focused.
    const refunds = page.getByRole('region', { name: t(lang, `${P}.refunds`), exact: true });
    await refunds.getByRole('button', { name: new RegExp(t(lang, `${P}.refund`)) }).first().click();
    const dialog = page.getByRole('dialog', { name: new RegExp(t(lang, `${P}.refundTitle`).split(':')[0]) });
    await dialog.waitFor();
    assert.deepEqual(await axe(page, 'refund dialog (mn, phone)'), []);
    await dialog.getByRole('button', { name: t(lang, `${P}.refundConfirm`), exact: true }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'refund-reference');
    assert.equal(await dialog.getByLabel(t(lang, `${P}.refundReference`)).getAttribute('aria-invalid'), 'true');
    await dialog.getByLabel(t(lang, `${P}.refundReference`)).fill('BACK-2026-1');
    await dialog.getByRole('button', { name: t(lang, `${P}.refundConfirm`), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await refunds.getByText(t(lang, `${P}.noRefunds`)).waitFor();
    assert.deepEqual(rawKeys((await pageTexts(page)).join('\n')), []);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `no sideways scrolling (${width} px)`);
    // The refused refund's 422 is the dialog's to show; nothing else may fail.
    assert.deepEqual(problems.filter((p) => !/HTTP 422: .*\/api\/payments\/\d+\/refund|status of 422/.test(p)), []);
    await context.close();
  });
});
