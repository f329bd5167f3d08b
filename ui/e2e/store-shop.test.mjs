// The shop, as a buyer uses it (demo accounts, --demo), in both languages, on a desktop and a
// phone: the student puts two products with colours in the cart (the hoodie twice, in two
// colours: the cart merges them into one line of two, both colours), goes through the
// checkout's steps (and back one), pays by bank transfer; the admin marks the transfer
// received (pay's POST /api/payments/{id}/mark-paid) and the student's order shows as paid.
// Every page is scanned with axe, and no page shows a raw catalog key.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { signInApi, tf } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const who = (name) => ({ email: `${name}@demo.gerege.mn`, password: PASSWORD });
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740 };
const HOODIE = { en: 'Gerege hoodie', mn: 'Гэрэгэ цамц' };
const GUIDE = { en: 'IELTS study guide', mn: 'IELTS-ийн сурах бичиг' };

/** No raw catalog keys of the shop in the page's text. */
async function noRawKeys(page) {
  const text = await page.locator('body').innerText();
  assert.doesNotMatch(text, /\b(shop|shopDashboard|dashboard)\.[a-z]+\.[a-zA-Z]/, `raw key on ${page.url()}`);
}

async function ready(page) {
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
}

describe('the shop', () => {
  for (const [lang, viewport] of [
    ['en', DESKTOP],
    ['mn', PHONE],
  ]) {
    it(`buy two products with colours, merge, back a step, pay by bank transfer, paid (${lang}, ${viewport.width}px)`, async () => {
      const context = await site.browser.newContext({ viewport });
      await signInApi(context, site.baseURL, who('student'));
      await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
      // The student's cart on the server starts empty (it follows them from test to test otherwise).
      const emptied = await context.request.put(`${site.baseURL}/api/me/cart`, {
        data: { activeStep: 0, cart: [], billing: null, delivery: 'pickup', coupon: '' },
        headers: { 'Sec-Fetch-Site': 'same-origin' },
      });
      assert.equal(emptied.status(), 200, await emptied.text());
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      const found = [];

      // The list, searched in the other script: "tsamts" finds «цамц» (the hoodie).
      await page.goto(`${site.baseURL}/${lang}/product`);
      await ready(page);
      await page.getByRole('link', { name: HOODIE[lang] }).waitFor();
      await page.getByRole('searchbox', { name: t(lang, 'shop.list.search') }).fill('tsamts');
      await page.getByRole('button', { name: t(lang, 'shop.list.apply') }).click();
      await page.waitForFunction((guide) => !document.body.innerText.includes(guide), GUIDE[lang]);
      found.push(...(await axe(page, `${lang} list`)));
      await noRawKeys(page);

      // The hoodie in blue, then in red: one line of two, both colours.
      await page.getByRole('link', { name: HOODIE[lang] }).click();
      await page.getByRole('heading', { level: 1, name: HOODIE[lang] }).waitFor();
      await page.getByLabel('Blue').check();
      await page.getByRole('button', { name: t(lang, 'shop.product.addToCart') }).click();
      await page.locator('.shop-buy').getByRole('status').filter({ hasText: t(lang, 'shop.product.added') }).waitFor();
      await page.getByLabel('Blue').uncheck();
      await page.getByLabel('Red').check();
      await page.getByRole('button', { name: t(lang, 'shop.product.addToCart') }).click();
      await page.getByRole('link', { name: tf(lang, 'shop.cart.link', { count: 2 }) }).waitFor();
      found.push(...(await axe(page, `${lang} product`)));
      await noRawKeys(page);

      // The study guide, opened from its server-rendered page.
      await page.goto(`${site.baseURL}/${lang}/product?q=ielts`);
      await ready(page);
      assert.equal(await page.getByRole('searchbox', { name: t(lang, 'shop.list.search') }).inputValue(), 'ielts');
      await page.getByRole('link', { name: GUIDE[lang] }).click();
      await page.getByRole('button', { name: t(lang, 'shop.product.addToCart') }).click();
      await page.getByRole('link', { name: tf(lang, 'shop.cart.link', { count: 3 }) }).click();

      // Step 0, the cart: the server's lines and totals.
      const steps = ['cart', 'billing', 'delivery', 'review'].map((k) => t(lang, `shop.checkout.steps.${k}`));
      const stepHeading = (i) => page.getByRole('heading', { level: 2, name: steps[i], exact: true });
      await stepHeading(0).waitFor();
      const hoodieRow = page.getByRole('row').filter({ hasText: HOODIE[lang] });
      await hoodieRow.getByText(tf(lang, 'shop.checkout.colours', { list: 'Blue, Red' })).waitFor();
      assert.equal((await hoodieRow.locator('output').innerText()).trim(), '2');
      await page.getByRole('caption').or(page.locator('caption')).filter({ hasText: tf(lang, 'shop.checkout.totalItems_other', { count: 3 }) }).first().waitFor();
      found.push(...(await axe(page, `${lang} cart`)));
      await noRawKeys(page);
      await page.getByRole('button', { name: t(lang, 'shop.checkout.next') }).click();

      // Step 1, billing; step 2; back one; forward again; step 3, review.
      await stepHeading(1).waitFor();
      await page.getByLabel(t(lang, 'shop.checkout.billing.name')).fill(lang === 'en' ? 'Temuulen Ganbaatar' : 'Тэмүүлэн Ганбаатар');
      await page.getByLabel(t(lang, 'shop.checkout.billing.email')).fill('student@demo.gerege.mn');
      await page.getByRole('button', { name: t(lang, 'shop.checkout.next') }).click();
      await stepHeading(2).waitFor();
      found.push(...(await axe(page, `${lang} delivery`)));
      await page.getByRole('button', { name: t(lang, 'shop.checkout.back') }).click();
      await stepHeading(1).waitFor();
      assert.equal(await page.getByLabel(t(lang, 'shop.checkout.billing.email')).inputValue(), 'student@demo.gerege.mn');
      await page.getByRole('button', { name: t(lang, 'shop.checkout.next') }).click();
      await stepHeading(2).waitFor();
      await page.getByLabel(t(lang, 'shop.checkout.delivery.pickup')).check();
      // No card or QPay configured here: the bank transfer is the one payment method, chosen.
      assert.equal(await page.getByLabel(t(lang, 'shop.checkout.payment.bank')).isChecked(), true);
      await page.getByRole('button', { name: t(lang, 'shop.checkout.next') }).click();
      await stepHeading(3).waitFor();
      found.push(...(await axe(page, `${lang} review`)));
      await noRawKeys(page);

      // Pay: the bank transfer's details.
      await page.getByRole('button', { name: t(lang, 'shop.checkout.pay') }).click();
      await page.getByText(t(lang, 'shop.checkout.placed')).waitFor();
      const reference = (await page.locator('[data-reference]').innerText()).trim();
      assert.match(reference, /^GRG-/);
      found.push(...(await axe(page, `${lang} placed`)));

      const orders = await (await context.request.get(`${site.baseURL}/api/me/orders`)).json();
      const order = orders.items[0];
      assert.equal(order.status, 'placed');
      assert.equal(order.lines.find((l) => l.name === HOODIE[lang])?.quantity, 2);
      // The order's own page says how to pay it: the same transfer.
      await page.getByRole('link', { name: t(lang, 'shop.checkout.myOrders') }).click();
      await page.waitForURL(`**/dashboard/orders/${order.id}`);
      await page.locator('[data-reference]').filter({ hasText: reference }).waitFor();
      await page.getByText(t(lang, 'shop.checkout.payment.bank')).first().waitFor();
      found.push(...(await axe(page, `${lang} my order`)));
      await noRawKeys(page);

      // The admin sees the transfer arrive and marks it paid.
      const admin = await site.browser.newContext();
      await signInApi(admin, site.baseURL, who('admin'));
      const res = await admin.request.post(`${site.baseURL}/api/payments/${order.paymentId}/mark-paid`, {
        data: {},
        headers: { 'Sec-Fetch-Site': 'same-origin' },
      });
      assert.equal(res.status(), 200, await res.text());
      await admin.close();

      // The student's orders: this one is paid.
      await page.goto(`${site.baseURL}/${lang}/dashboard/orders`);
      await ready(page);
      const mine = page.locator(`[data-order="${order.id}"]`);
      await mine.locator('[data-status="paid"]').filter({ hasText: t(lang, 'shop.statuses.paid') }).waitFor();
      found.push(...(await axe(page, `${lang} my orders`)));
      await noRawKeys(page);

      assert.deepEqual(found, []);
      assert.deepEqual(unexpected(problems), []);
      await context.close();
    });
  }
});
