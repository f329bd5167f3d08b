// The plans' limits where people meet them (issue #16), on organisations of the free plan:
// the organisation page's staff seats and a refused invitation (en, desktop), the postings
// dashboard's open postings and a refused submission (mn, phone), the communities page and a
// refused request (mn, desktop). Each refusal shows the server's message where the button was
// pressed, with a link to the plans; axe on each page, no raw keys, no console errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { registerApi, signInApi, tf, toastWith } from './auth-helpers.mjs';
import { axe, unexpected } from './forms-helpers.mjs';
import { rawKeys } from './raw-keys.mjs';
import { t, useSite, watch } from './harness.mjs';

const site = useSite({ env: { GEREGE_MIN_FILL_TIME: '0s' } });
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const OD = 'opportunitiesDashboard';

/** A new enterprise owner (free plan), signed in on a page of `options`' size, ID verified when asked. */
async function owner(email, organization, options, verify = false) {
  const who = await registerApi(site.baseURL, { email, firstName: 'Saraa', lastName: 'Bold', accountType: 'enterprise', organization });
  const context = await site.browser.newContext(options);
  const user = await signInApi(context, site.baseURL, who);
  if (verify) {
    // The registry number of the date of birth (1995-04-12).
    const res = await context.request.put(`${site.baseURL}/api/account/id-verification`, {
      data: { surname: user.lastName, givenName: user.firstName, dateOfBirth: user.dateOfBirth, idNumber: 'УБ95041212' },
    });
    assert.equal(res.status(), 200, await res.text());
  }
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL) };
}

/** Checks axe, raw keys and the console (the refusal's own 409 is expected). */
async function clean(page, problems) {
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(rawKeys(await page.locator('main').innerText()), []);
  assert.deepEqual(unexpected(problems, /HTTP 409: .*\/api\//, /status of 409/), []);
}

describe('plan limits', () => {
  it('staff seats: the organisation page shows them, the third invitation is refused with a link to the plans (en, 1366px)', async () => {
    const { context, page, problems } = await owner('seats-owner@example.test', 'Seats LLC', DESKTOP);
    await page.goto(`${site.baseURL}/en/dashboard/organization`);
    const seats = page.locator('#org-seats');
    await seats.getByText(tf('en', 'dashboard.organization.seats_other', { used: 1, count: 2, plan: 'Free' })).waitFor();
    const invite = async (email) => {
      await page.getByLabel(t('en', 'dashboard.organization.email'), { exact: true }).fill(email);
      await page.getByRole('button', { name: t('en', 'dashboard.organization.invite') }).click();
    };
    await invite('colleague@example.test');
    await toastWith(page, tf('en', 'dashboard.organization.invited', { email: 'colleague@example.test' }));
    await seats.getByText(tf('en', 'dashboard.organization.seats_other', { used: 2, count: 2, plan: 'Free' })).waitFor();

    await invite('one-more@example.test');
    const form = page.locator('#org-invite form');
    await form.getByText('Your plan Free includes 2 staff seats, counting members and pending invitations.', { exact: false }).waitFor();
    // The value typed is kept; the plans are one link away.
    assert.equal(await page.getByLabel(t('en', 'dashboard.organization.email'), { exact: true }).inputValue(), 'one-more@example.test');
    const link = form.getByRole('link', { name: t('en', 'dashboard.organization.pricing') });
    await clean(page, problems);
    await link.click();
    await page.waitForURL('**/en/pricing');
    await context.close();
  });

  it('open postings: the postings page shows 2 of 2, a third submission is refused with a link to the plans (mn, 375px)', async () => {
    const { context, page, problems } = await owner('postings-owner@example.test', 'Postings LLC', PHONE, true);
    const posting = (title) => ({
      kind: 'job', titleEn: title, titleMn: 'Нягтлан бодогч', descriptionEn: 'Keep the books.', descriptionMn: 'Санхүүгийн бүртгэл хөтөлнө.',
      employmentType: 'full_time_permanent', classification: 'finance_accounting', audience: 'graduates', country: 'MN',
      city: 'Ulaanbaatar', deadline: '2099-12-31', pay: { kind: 'not_stated' }, openings: 1, languages: ['mn'],
      contactName: 'Сараа', contactEmail: 'jobs@postings.mn',
    });
    const ids = [];
    for (const title of ['Accountant', 'Cashier', 'Auditor']) {
      const res = await context.request.post(`${site.baseURL}/api/org/opportunities`, { data: posting(title) });
      assert.equal(res.status(), 201, await res.text());
      ids.push((await res.json()).id);
    }
    for (const id of ids.slice(0, 2)) {
      const res = await context.request.post(`${site.baseURL}/api/org/opportunities/${id}/status`, { data: { status: 'submitted' } });
      assert.equal(res.status(), 200, await res.text());
    }
    await page.goto(`${site.baseURL}/mn/dashboard/job`);
    const usage = page.locator('#opp-usage');
    await usage.getByText(tf('mn', `${OD}.list.usage_other`, { used: 2, count: 2, plan: 'Үнэгүй' })).waitFor();
    await usage.getByRole('link', { name: t('mn', `${OD}.pricing`) }).waitFor();

    await page.goto(`${site.baseURL}/mn/dashboard/job/${ids[2]}`);
    await page.getByRole('button', { name: t('mn', `${OD}.detail.move.submitted`) }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Таны «Үнэгүй» багцаар нэгэн зэрэг 2 нээлттэй зар' });
    await alert.waitFor();
    await alert.getByRole('link', { name: t('mn', `${OD}.pricing`) }).waitFor();
    await clean(page, problems);
    await context.close();
  });

  it('communities: the free plan includes none, a request is refused with a link to the plans (mn, 1366px)', async () => {
    const { context, page, problems } = await owner('communities-owner@example.test', 'School LLC', DESKTOP, true);
    const S = 'communities.manage';
    await page.goto(`${site.baseURL}/mn/dashboard/communities`);
    const usage = page.locator('#comm-usage');
    await usage.getByText(tf('mn', `${S}.usageNone`, { plan: 'Үнэгүй' })).waitFor();
    await page.getByText(t('mn', `${S}.requestOpen`), { exact: true }).click();
    await page.getByLabel(t('mn', `${S}.field.nameMn`), { exact: true }).fill('Робот техникийн дугуйлан');
    await page.getByLabel(t('mn', `${S}.field.descriptionMn`), { exact: false }).first().fill('Хичээлийн дараа робот бүтээнэ.');
    await page.getByRole('button', { name: t('mn', `${S}.requestSubmit`) }).click();
    const form = page.locator('form.comm-form');
    await form.getByText('Таны «Үнэгүй» багцад нийгэмлэг багтаагүй.', { exact: false }).waitFor();
    await form.getByRole('link', { name: t('mn', `${S}.pricing`) }).waitFor();
    assert.equal(await page.getByLabel(t('mn', `${S}.field.nameMn`), { exact: true }).inputValue(), 'Робот техникийн дугуйлан');
    await clean(page, problems);
    await context.close();
  });
});
