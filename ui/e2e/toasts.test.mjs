// Toasts in a real browser on /components: the limit of 5, no duplicates, gone after 3 s.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { t, useSite, watch } from './harness.mjs';

const site = useSite();

for (const lang of ['en', 'mn']) {
  it(`toasts keep their rules in ${lang}`, async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    await page.clock.install();
    await page.goto(`${site.baseURL}/${lang}/components`);
    await page.clock.pauseAt(Date.now() + 60_000); // from here time moves only when told

    const toasts = page.locator('.toast');
    const numbered = page.getByRole('button', { name: t(lang, 'pages.components.toasts.showNumbered') });
    for (let i = 0; i < 7; i++) await numbered.click();
    assert.equal(await toasts.count(), 5, 'at most 5 at once');
    const message = (n) => t(lang, 'pages.components.toasts.numbered').replace('{{n}}', n);
    assert.deepEqual(await toasts.locator('.toast__message').allTextContents(), [3, 4, 5, 6, 7].map(message), 'the oldest went first');

    const showError = page.getByRole('button', { name: t(lang, 'pages.components.toasts.showError') });
    await showError.click();
    await showError.click();
    assert.equal(await toasts.count(), 5);
    const alert = page.getByRole('alert');
    assert.equal(await alert.locator('.toast').count(), 1, 'a duplicate is not added');
    assert.equal(await alert.locator('.toast__message').textContent(), t(lang, 'errors.generic'));
    assert.equal(await page.getByRole('status').locator('.toast').count(), 4);

    await page.clock.runFor(2900);
    assert.equal(await toasts.count(), 5, 'still there before 3 s');
    await page.clock.runFor(200);
    await toasts.first().waitFor({ state: 'detached' });
    assert.equal(await toasts.count(), 0, 'all hidden after 3 s');

    await numbered.click();
    await page.getByRole('button', { name: t(lang, 'ui.toast.dismiss') }).click();
    assert.equal(await toasts.count(), 0, 'dismissed by its button');
    assert.deepEqual(problems, []);
    await context.close();
  });
}
