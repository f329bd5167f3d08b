// Payouts to organisations (demo: Blue Sky Exchange sells, has payout details and one payout):
// its owner in Mongolian at 375 px changes the payout details (a bad account number refused
// beside its field, focused); a platform admin in English at 1366 px records a payout from
// "Owed to organisations" (more than available refused beside the amount), then marks it
// returned (the transfer came back); the owner sees it under "Payouts", returned. axe, no raw keys, no console errors but the expected 422s.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { settled, signInApi, tf, toastWith } from './auth-helpers.mjs';
import { pageTexts, rawKeys } from './raw-keys.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const P = 'payouts.page';
const OWNER = 'bluesky';

async function pageAs(name, viewport) {
  const context = await site.browser.newContext({ viewport });
  await signInApi(context, site.baseURL, { email: `${name}@demo.gerege.mn`, password: PASSWORD });
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL) };
}

const only422 = (problems) => problems.filter((p) => !/status of 422|HTTP 422: /.test(p));

describe('payouts', () => {
  it('the owner sets the details (mn, phone), an admin pays out (en, desktop), the owner sees it', async () => {
    // The owner: the demo's payout, then new payout details.
    let lang = 'mn';
    let owner = await pageAs(OWNER, { width: 375, height: 740 });
    await owner.page.goto(`${site.baseURL}/${lang}/dashboard/banking`);
    await owner.page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.banking.title'), exact: true }).waitFor();
    await settled(owner.page);
    const payouts = owner.page.getByRole('table', { name: t(lang, `${P}.payouts`) });
    await payouts.getByText('GRG-PAYOUT-0001').waitFor();
    const details = owner.page.getByRole('region', { name: t(lang, `${P}.details`), exact: true });
    const account = details.getByLabel(t(lang, `${P}.account`));
    assert.match(await account.inputValue(), /5012/);
    await account.fill('12-34');
    await details.getByRole('button', { name: t(lang, `${P}.save`) }).click();
    await owner.page.waitForFunction(() => document.activeElement?.id === 'payout-account');
    assert.equal(await account.getAttribute('aria-invalid'), 'true');
    assert.equal(await details.getByLabel(t(lang, `${P}.bankName`)).inputValue(), 'Хаан банк', 'the other values are kept');
    await account.fill('5012 3456 7890');
    await details.getByRole('button', { name: t(lang, `${P}.save`) }).click();
    await toastWith(owner.page, t(lang, `${P}.saved`));
    assert.equal(await account.getAttribute('aria-invalid'), null);
    assert.deepEqual(await axe(owner.page, 'payouts owner (mn, phone)'), []);
    assert.deepEqual(rawKeys((await pageTexts(owner.page)).join('\n')), []);
    const width = await owner.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `no sideways scrolling (${width} px)`);
    assert.deepEqual(only422(owner.problems), []);
    await owner.context.close();

    // The admin: Blue Sky is owed what is left; a payout of it.
    lang = 'en';
    const admin = await pageAs('admin', { width: 1366, height: 900 });
    await admin.page.goto(`${site.baseURL}/${lang}/dashboard/banking`);
    await admin.page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.banking.title'), exact: true }).waitFor();
    await settled(admin.page);
    const owed = admin.page.getByRole('region', { name: t(lang, `${P}.owed`), exact: true });
    const row = owed.getByRole('row').filter({ hasText: 'Blue Sky' });
    await row.getByText('5012 3456 7890').waitFor(); // admins see the whole, new account
    await row.getByRole('button', { name: new RegExp(t(lang, `${P}.record`)) }).click();
    const dialog = admin.page.getByRole('dialog', { name: new RegExp(t(lang, `${P}.recordTitle`).split(':')[0]) });
    await dialog.waitFor();
    const amount = dialog.getByLabel(tf(lang, `${P}.amountLabel`, { currency: 'MNT' }));
    assert.equal(await amount.inputValue(), '80000', 'the whole available amount by default');
    await amount.fill('90000');
    await dialog.getByLabel(t(lang, `${P}.transferReference`)).fill('TR-E2E-1');
    await dialog.getByRole('button', { name: t(lang, `${P}.confirm`), exact: true }).click();
    await admin.page.waitForFunction(() => document.activeElement?.id === 'payout-amount');
    assert.equal(await amount.getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await axe(admin.page, 'payout dialog (en, wide)'), []);
    await amount.fill('80000');
    await dialog.getByRole('button', { name: t(lang, `${P}.confirm`), exact: true }).click();
    await toastWith(admin.page, tf(lang, `${P}.recorded`, { amount: 'MNT 80,000', org: 'Blue Sky Exchange (demo)' }));
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    // The transfer came back: marked returned from "Recent payouts", the money owed again.
    const recent = admin.page.getByRole('region', { name: t(lang, `${P}.recent`), exact: true });
    const sent = recent.getByRole('row').filter({ hasText: 'TR-E2E-1' });
    await sent.getByRole('button', { name: new RegExp(t(lang, `${P}.markReturned`)) }).click();
    const back = admin.page.getByRole('dialog', { name: tf(lang, `${P}.returnTitle`, { reference: 'TR-E2E-1' }) });
    await back.waitFor();
    assert.deepEqual(await axe(admin.page, 'payout returned dialog (en, wide)'), []);
    await back.getByRole('button', { name: t(lang, `${P}.returnConfirm`), exact: true }).click();
    await toastWith(admin.page, tf(lang, `${P}.returnDone`, { reference: 'TR-E2E-1' }));
    await recent.getByRole('row').filter({ hasText: 'TR-E2E-1' }).getByText(t(lang, `${P}.statuses.returned`)).waitFor();
    await row.getByRole('button', { name: new RegExp(t(lang, `${P}.record`)) }).waitFor();
    assert.deepEqual(rawKeys((await pageTexts(admin.page)).join('\n')), []);
    assert.deepEqual(only422(admin.problems), []);
    await admin.context.close();

    // The owner sees it.
    lang = 'mn';
    owner = await pageAs(OWNER, { width: 375, height: 740 });
    await owner.page.goto(`${site.baseURL}/${lang}/dashboard/banking`);
    const table = owner.page.getByRole('table', { name: t(lang, `${P}.payouts`) });
    await table.getByRole('row').filter({ hasText: 'TR-E2E-1' }).getByText(t(lang, `${P}.statuses.returned`)).waitFor();
    await owner.page.locator('[data-available="MNT"]', { hasText: '80 000₮' }).waitFor();
    assert.deepEqual(owner.problems, []);
    await owner.context.close();
  });
});
