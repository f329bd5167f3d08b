// The content editors against the real binary: an administrator (made with `gerege user
// create-admin` before the server starts) publishes a half-translated FAQ entry and a
// university, sees the server's messages beside the missing fields, completes them, and finds
// them on the public pages; then deletes the entry after confirming.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { focused, launchBrowser, startServer, t, watch } from './harness.mjs';

const ADMIN = { email: 'admin@example.test', password: 'Steppe-Horse-Archer-42' };

const site = {};
before(async () => {
  site.server = await startServer({
    setup: ({ bin, db }) => {
      const res = spawnSync(bin, ['user', 'create-admin', '--db', db, '--email', ADMIN.email, '--password-stdin'], {
        input: `${ADMIN.password}\n`,
        encoding: 'utf8',
      });
      if (res.status !== 0) throw new Error(`create-admin failed: ${res.stderr}`);
    },
  });
  site.baseURL = site.server.baseURL;
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

/** A browser context signed in as the administrator. */
async function signedIn() {
  const context = await site.browser.newContext();
  const res = await context.request.post(`${site.baseURL}/api/web/auth/login`, { data: ADMIN });
  assert.equal(res.status(), 200, await res.text());
  return context;
}

const ignorable = (p) => /status of 422/.test(p) || /HTTP 422/.test(p);

describe('the FAQ editor', () => {
  it('refuses to publish a half-translated entry, then publishes it once complete', async () => {
    const context = await signedIn();
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    await page.goto(`${site.baseURL}/en/dashboard/admin/faq`);
    await page.getByRole('button', { name: t('en', 'dashboard.faq.add'), exact: true }).click();
    const editor = page.locator('#faq-editor');
    await editor.waitFor();

    const question = { en: 'Can I study in Mongolian at a partner university?', mn: 'Түнш их сургуульд монгол хэлээр суралцаж болох уу?' };
    const answer = { en: 'Some partner universities teach in Mongolian; each listing says so.', mn: 'Зарим түнш их сургууль монгол хэлээр хичээл заадаг бөгөөд энэ тухай жагсаалтад бичсэн байдаг.' };
    await page.locator('#faq-slug').fill('study-in-mongolian');
    await page.locator('#faq-question-en').fill(question.en);
    await page.locator('#faq-answer-en').fill(answer.en);
    await page.locator('#faq-published').check();
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/admin/faq') && r.request().method() === 'POST');
    await editor.getByRole('button', { name: t('en', 'dashboard.content.save') }).click();

    // The server's messages, beside the Mongolian fields; focus on the first of them.
    const res = await refused;
    assert.equal(res.status(), 422);
    const { errors } = await res.json();
    assert.deepEqual(Object.keys(errors).sort(), ['answerMn', 'questionMn']);
    await page.locator('#faq-question-mn-error').waitFor();
    assert.equal(await page.locator('#faq-question-mn-error').textContent(), errors.questionMn);
    assert.equal(await page.locator('#faq-answer-mn-error').textContent(), errors.answerMn);
    assert.equal(await page.locator('#faq-question-mn').getAttribute('aria-invalid'), 'true');
    assert.ok((await page.locator('#faq-question-mn').getAttribute('aria-describedby')).includes('faq-question-mn-error'));
    await focused(page.locator('#faq-question-mn'));
    assert.equal(await page.locator('#faq-question-en').inputValue(), question.en, 'nothing typed is lost');

    await page.locator('#faq-question-mn').fill(question.mn);
    await page.locator('#faq-answer-mn').fill(answer.mn);
    await editor.getByRole('button', { name: t('en', 'dashboard.content.save') }).click();
    await editor.waitFor({ state: 'detached' });
    const row = page.locator('.content-list li', { hasText: question.en });
    await row.waitFor();
    assert.ok((await row.textContent()).includes(t('en', 'dashboard.content.published')));

    // On the public FAQ, in Mongolian, once the page has asked the API.
    const pub = await context.newPage();
    await pub.goto(`${site.baseURL}/mn/faq#study-in-mongolian`);
    await pub.locator('details#study-in-mongolian').waitFor();
    assert.equal((await pub.locator('details#study-in-mongolian summary').textContent()).trim(), question.mn);
    await pub.waitForFunction(() => document.getElementById('study-in-mongolian')?.open === true);
    assert.ok((await pub.locator('details#study-in-mongolian').textContent()).includes(answer.mn));

    // Delete, after confirming.
    await row.getByRole('button', { name: new RegExp(t('en', 'dashboard.content.edit')) }).click();
    await editor.waitFor();
    await editor.getByRole('button', { name: t('en', 'dashboard.content.delete'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.ok((await dialog.textContent()).includes(question.en));
    await dialog.getByRole('button', { name: t('en', 'dashboard.content.delete'), exact: true }).click();
    await row.waitFor({ state: 'detached' });
    const api = await (await context.request.get(`${site.baseURL}/api/faq`)).json();
    assert.ok(!api.categories.some((c) => c.entries.some((e) => e.slug === 'study-in-mongolian')), 'gone from the API');

    assert.deepEqual(problems.filter((p) => !ignorable(p)), []);
    await context.close();
  });

  it('is not for visitors who are not administrators', async () => {
    const res = await fetch(`${site.baseURL}/api/admin/faq`);
    assert.ok([401, 403].includes(res.status), `status ${res.status}`);
  });
});

describe('the universities editor', () => {
  it('shows the missing Mongolian fields, then publishes the university', async () => {
    const context = await signedIn();
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    await page.goto(`${site.baseURL}/mn/dashboard/admin/universities`);
    const first = page.locator('section[id^="destination-"]').first();
    await first.waitFor();
    // Destinations by name in the page's language.
    assert.equal((await first.locator('h2').textContent()).trim(), 'Өмнөд Солонгос');
    await first.getByRole('button', { name: new RegExp(t('mn', 'dashboard.universities.addUniversity')) }).click();
    const editor = page.locator('#university-editor');
    await editor.waitFor();
    assert.equal(await page.locator('#university-destination').inputValue(), 'korea');

    await page.locator('#university-slug').fill('yonsei');
    await page.locator('#university-name-en').fill('Yonsei University');
    await page.locator('#university-city-en').fill('Seoul');
    await page.locator('#university-website').fill('https://www.yonsei.ac.kr');
    await page.locator('#university-published').check();
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/admin/universities') && r.request().method() === 'POST');
    await editor.getByRole('button', { name: t('mn', 'dashboard.content.save') }).click();
    const res = await refused;
    assert.equal(res.status(), 422);
    const { errors } = await res.json();
    assert.deepEqual(Object.keys(errors).sort(), ['cityMn', 'nameMn']);
    assert.match(errors.nameMn, /[А-Яа-яӨөҮү]/, 'the message is in Mongolian');
    await page.locator('#university-name-mn-error').waitFor();
    assert.equal(await page.locator('#university-name-mn-error').textContent(), errors.nameMn);
    assert.equal(await page.locator('#university-city-mn-error').textContent(), errors.cityMn);

    await page.locator('#university-name-mn').fill('Ёнсэй их сургууль');
    await page.locator('#university-city-mn').fill('Сөүл');
    await editor.getByRole('button', { name: t('mn', 'dashboard.content.save') }).click();
    await editor.waitFor({ state: 'detached' });
    await first.locator('.content-list li', { hasText: 'Ёнсэй их сургууль' }).waitFor();

    const pub = await context.newPage();
    await pub.goto(`${site.baseURL}/mn/universities`);
    await pub.locator('#korea li', { hasText: 'Ёнсэй их сургууль' }).waitFor();
    assert.deepEqual(problems.filter((p) => !ignorable(p)), []);
    await context.close();
  });
});
