// The four public forms end to end, in English and Mongolian: filled completely, failing
// validation once and recovering (messages beside the fields in the page's language, focus on
// the first, nothing lost), the volunteer registration across a reload with its draft and its
// emergency-contact rows, the confirmation with the reference, one submission for a double
// click or a retry, and axe on every state of the forms at desktop and phone widths.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ADMIN,
  adminGet,
  axe,
  clientSchemas,
  createAdmin,
  describedWith,
  field,
  hydrated,
  SERVER,
  signIn,
  tf,
  unexpected,
  volunteerDraft,
} from './forms-helpers.mjs';
import { focused, t, urlOf, useSite, watch } from './harness.mjs';

const site = useSite({ ...SERVER, setup: createAdmin });
const langs = ['en', 'mn'];
const REFERENCE = { contact: /^CON-\d{4}-\d{6}$/, support: /^SUP-\d{4}-\d{6}$/, volunteer: /^CVP-\d{4}-\d{6}$/, roadmap: /^RMP-\d{4}-\d{6}$/ };
let seq = 0;
const email = (lang, form) => `${form}.${lang}.${++seq}@example.test`;

/** People in each language (Mongolian ones in Cyrillic). */
const people = {
  en: { first: 'Anna', last: 'Smith', contact1: 'John Smith', contact2: 'Mary Smith', business: 'Acme School' },
  mn: { first: 'Цэцэг', last: 'Болд', contact1: 'Болд Дорж', contact2: 'Сараа Дорж', business: 'Гэрэгэ сургууль' },
};

async function newPage(viewport = { width: 1280, height: 800 }) {
  const context = await site.browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL) };
}

/** The confirmation: its reference, the next step and the email in the page's language. */
async function confirmation(page, lang, form, address) {
  const heading = page.getByRole('heading', { level: 2, name: t(lang, `forms.${form}.done.heading`) });
  await heading.waitFor();
  await focused(heading);
  const reference = (await page.locator('.form-done__ref strong').textContent()).trim();
  assert.match(reference, REFERENCE[form]);
  await page.getByText(t(lang, `forms.${form}.done.next`)).waitFor();
  await page.getByText(tf(lang, `forms.ui.done.email.${lang}`, { email: address })).waitFor();
  return reference;
}

/** The admin's view of a form's submissions from one address (the desk's list API). */
async function submissionsOf(form, address) {
  const context = await site.browser.newContext();
  await signIn(context, site.baseURL, ADMIN);
  const list = await adminGet(context, site.baseURL, `/api/admin/forms/${form}/submissions?q=${encodeURIComponent(address)}`);
  await context.close();
  return list;
}

/** One submission as the desk sees it (answers included). */
async function adminDetail(id) {
  const context = await site.browser.newContext();
  await signIn(context, site.baseURL, ADMIN);
  const detail = await adminGet(context, site.baseURL, `/api/admin/submissions/${id}`);
  await context.close();
  return detail;
}

describe('the client keeps the server\'s rules', () => {
  it('the built-in copy of every form\'s schema is the server\'s', async () => {
    const local = await clientSchemas();
    const norm = (f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== false && v !== 0 && v !== undefined));
    for (const form of ['contact', 'support', 'volunteer', 'roadmap']) {
      const res = await fetch(`${site.baseURL}/api/forms/${form}/schema`);
      assert.equal(res.status, 200);
      const server = await res.json();
      const fields = (s) => Object.fromEntries(Object.entries(s.fields).map(([k, f]) => [k, norm(f)]));
      assert.deepEqual(fields(local[form]), fields(server), form);
      assert.equal(local[form].gpaMax, server.gpaMax);
      assert.equal(local[form].maxContacts, server.maxContacts);
      assert.equal(local[form].minAge, server.minAge);
      assert.deepEqual(local[form].countries, server.countries);
    }
  });
});

describe('contact / request a demo', () => {
  for (const lang of langs) {
    it(`is sent in ${lang} after one failed attempt`, async () => {
      const { context, page, problems } = await newPage();
      const p = people[lang];
      const label = (f) => t(lang, `forms.contact.fields.${f}.label`);
      await page.goto(`${site.baseURL}${urlOf(lang, '/contact-us')}`);
      await hydrated(page);
      // The honeypot is there, empty, out of reach.
      const trap = page.locator('input[name="website"]');
      assert.equal(await trap.getAttribute('tabindex'), '-1');
      assert.equal(await trap.inputValue(), '');

      await field(page, label('firstName')).fill(p.first);
      await field(page, label('email')).fill('not-an-email');
      await page.getByRole('button', { name: t(lang, 'forms.contact.submit') }).click();
      // The first field with a message has the focus (in Mongolian the surname comes first anyway).
      const first = field(page, label('firstName'));
      const lastName = field(page, label('lastName'));
      await focused(lastName);
      await describedWith(lastName, t(lang, 'validation.required'));
      await describedWith(field(page, label('email')), t(lang, 'validation.email'));
      await describedWith(field(page, label('description')), t(lang, 'validation.required'));
      assert.equal(await field(page, label('firstName')).inputValue(), p.first, 'nothing typed is lost');
      const found = await axe(page, `${lang} contact, with messages`);

      const address = email(lang, 'contact');
      await lastName.fill(p.last);
      await field(page, label('businessName')).fill(p.business);
      await field(page, label('email')).fill(address);
      await field(page, label('phoneNumber')).fill('+976 88112233');
      await field(page, label('description')).fill(lang === 'mn' ? 'Танилцуулга захиалъя.' : 'We would like a demo for 40 counselors.');
      await page.getByRole('button', { name: t(lang, 'forms.contact.submit') }).click();
      const reference = await confirmation(page, lang, 'contact', address);
      found.push(...(await axe(page, `${lang} contact, confirmation`)));
      assert.equal(await first.count(), 0, 'the form gave way to the confirmation');

      const list = await submissionsOf('contact', address);
      assert.equal(list.total, 1);
      assert.equal(list.items[0].reference, reference);
      assert.equal(list.items[0].lang, lang);
      assert.deepEqual(found, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('a retry after a lost answer makes no second submission (same Idempotency-Key)', async () => {
    const { context, page, problems } = await newPage();
    const label = (f) => t('en', `forms.contact.fields.${f}.label`);
    await page.goto(`${site.baseURL}/en/contact-us`);
    await hydrated(page);
    const address = email('en', 'contact');
    await field(page, label('firstName')).fill('Lost');
    await field(page, label('lastName')).fill('Answer');
    await field(page, label('email')).fill(address);
    await field(page, label('description')).fill('The first answer never arrives.');
    // The request reaches the server, but its answer is lost on the way back.
    const keys = [];
    await page.route('**/api/forms/contact', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      await route.fetch();
      await route.abort('failed');
    });
    await page.getByRole('button', { name: t('en', 'forms.contact.submit') }).click();
    await page.getByRole('alert').getByText(t('en', 'errors.generic')).waitFor();
    await page.unroute('**/api/forms/contact');
    const sent = page.waitForRequest('**/api/forms/contact');
    await page.getByRole('button', { name: t('en', 'forms.contact.submit') }).click();
    keys.push((await sent).headers()['idempotency-key']);
    const reference = await confirmation(page, 'en', 'contact', address);
    assert.equal(keys.length, 2);
    assert.ok(keys[0]);
    assert.equal(keys[1], keys[0], 'the retry carries the same key');
    const list = await submissionsOf('contact', address);
    assert.equal(list.total, 1, 'one submission');
    assert.equal(list.items[0].reference, reference);
    assert.deepEqual(unexpected(problems, /api\/forms\/contact/, /net::ERR_FAILED/), []);
    await context.close();
  });
});

describe('support', () => {
  for (const lang of langs) {
    it(`is sent in ${lang}; a double click makes one submission`, async () => {
      const { context, page, problems } = await newPage();
      const label = (f) => t(lang, `forms.support.fields.${f}.label`);
      await page.goto(`${site.baseURL}${urlOf(lang, '/support-center')}`);
      await hydrated(page);
      // The FAQ highlights stay on the page.
      await page.getByRole('heading', { level: 2, name: t(lang, 'pages.supportCenter.popular') }).waitFor();

      await page.getByRole('button', { name: t(lang, 'forms.support.submit') }).click();
      const name = field(page, label('name'));
      await focused(name);
      await describedWith(name, t(lang, 'validation.required'));
      await describedWith(field(page, label('topic')), t(lang, 'validation.required'));
      const found = await axe(page, `${lang} support, with messages`);

      const address = email(lang, 'support');
      await name.fill(`${people[lang].first} ${people[lang].last}`);
      await field(page, label('email')).fill(address);
      await field(page, label('topic')).selectOption('billing');
      await field(page, label('message')).fill(lang === 'mn' ? 'Төлбөрийн асуудал гарлаа.' : 'My payment failed.');
      // Once the messages are gone, a double click.
      await page.getByRole('button', { name: t(lang, 'forms.support.submit') }).dblclick();
      const reference = await confirmation(page, lang, 'support', address);
      found.push(...(await axe(page, `${lang} support, confirmation`)));
      const list = await submissionsOf('support', address);
      assert.equal(list.total, 1, 'one submission for a double click');
      assert.equal(list.items[0].reference, reference);
      assert.deepEqual(found, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('has the name and email of a signed-in user filled in', async () => {
    const { context, page, problems } = await newPage();
    await signIn(context, site.baseURL, ADMIN);
    await page.goto(`${site.baseURL}/en/support-center`);
    await hydrated(page);
    const emailField = field(page, t('en', 'forms.support.fields.email.label'));
    await page.waitForFunction((el) => el.value !== '', await emailField.elementHandle());
    assert.equal(await emailField.inputValue(), ADMIN.email);
    assert.equal(await field(page, t('en', 'forms.support.fields.name.label')).inputValue(), 'Admin Gerege');
    assert.deepEqual(problems, []);
    await context.close();
  });
});

/** The volunteer registration, section by section. */
async function fillVolunteer(page, lang, address) {
  const p = people[lang];
  const label = (f) => t(lang, `forms.volunteer.fields.${f}.label`);
  const heading = (n, id) => page.getByRole('heading', { level: 2, name: tf(lang, 'forms.ui.step', { current: n, total: 9, title: t(lang, `forms.volunteer.sections.${id}`) }) });
  const next = async (n, id) => {
    await page.getByRole('button', { name: n === 9 ? t(lang, 'forms.ui.toReview') : t(lang, 'forms.ui.next'), exact: true }).click();
    if (n === 9) await page.getByRole('heading', { level: 2, name: tf(lang, 'forms.ui.step', { current: 9, total: 9, title: t(lang, 'forms.ui.review') }) }).waitFor();
    else await heading(n, id).waitFor();
  };
  const group = (f) => page.getByRole('group', { name: new RegExp(`^${t(lang, `forms.volunteer.fields.${f}.label`).replace(/[?()]/g, '\\$&')}`) });
  const option = (f, v) => group(f).getByLabel(t(lang, `forms.volunteer.options.${f}.${v}`), { exact: true });
  const found = [];

  // 1 About you: fail once, then fill.
  await heading(1, 'about').waitFor();
  await field(page, label('firstName')).fill(p.first);
  await field(page, label('dateOfBirth')).fill('2011-01-01'); // younger than the program's 16
  await page.getByRole('button', { name: t(lang, 'forms.ui.next'), exact: true }).click();
  await focused(field(page, label('lastName')));
  await describedWith(field(page, label('dateOfBirth')), tf(lang, 'forms.errors.minAge', { age: 16 }));
  await describedWith(field(page, label('lastName')), t(lang, 'validation.required'));
  assert.equal(await field(page, label('firstName')).inputValue(), p.first);
  await heading(1, 'about').waitFor(); // still here
  found.push(...(await axe(page, `${lang} volunteer, section 1 with messages`)));
  await field(page, label('lastName')).fill(p.last);
  await field(page, label('dateOfBirth')).fill('2005-03-01');
  await option('gender', 'female').check();
  await next(2, 'contact');

  // 2 Contact and address
  await field(page, label('phone')).fill('8811 2233');
  await field(page, label('email')).fill(address);
  await field(page, label('address')).fill(lang === 'mn' ? 'Энхтайвны өргөн чөлөө 1' : 'Peace Avenue 1');
  await field(page, label('city')).fill(lang === 'mn' ? 'Улаанбаатар' : 'Ulaanbaatar');
  await field(page, label('state')).fill(lang === 'mn' ? 'Төв' : 'Tuv');
  await field(page, label('country')).selectOption('MN');
  // Country names in the page's language, from the bundle: Debian's chromium has no
  // Mongolian names in Intl.DisplayNames and used to show English here.
  assert.equal((await field(page, label('country')).locator('option:checked').textContent()).trim(), lang === 'mn' ? 'Монгол' : 'Mongolia');
  assert.equal((await field(page, label('country')).locator('option[value="JP"]').textContent()).trim(), lang === 'mn' ? 'Япон' : 'Japan');
  assert.equal((await field(page, label('country')).locator('option[value="US"]').textContent()).trim(), lang === 'mn' ? 'Америкийн Нэгдсэн Улс' : 'United States');
  await field(page, label('postalCode')).fill('14200');
  await next(3, 'education');

  // 3 Education
  await field(page, label('school')).fill(lang === 'mn' ? '1-р сургууль' : 'School No. 1');
  await field(page, label('grade')).fill('11');
  await field(page, label('major')).fill(lang === 'mn' ? 'Түүх' : 'History');
  await field(page, label('gpa')).fill('4,5');
  await field(page, label('relevantCourses')).fill(lang === 'mn' ? 'Монгол түүх' : 'Mongolian history');
  await page.getByRole('button', { name: t(lang, 'forms.ui.next'), exact: true }).click();
  await focused(field(page, label('gpa')));
  await describedWith(field(page, label('gpa')), tf(lang, 'forms.errors.gpa', { max: '4.0' }));
  await field(page, label('gpa')).fill('3,75');
  await next(4, 'interests');
  return { label, heading, next, option, group, found };
}

describe('Cultural Volunteer Program registration', () => {
  for (const lang of langs) {
    it(`is filled in ${lang} across a reload, with emergency contacts added and removed`, async () => {
      const { context, page, problems } = await newPage();
      const p = people[lang];
      const address = email(lang, 'volunteer');
      await page.goto(`${site.baseURL}${urlOf(lang, '/programs/cultural-volunteer/register')}`);
      await hydrated(page);
      // The context: the timeline and the ages.
      await page.getByText(t(lang, 'forms.volunteer.timeline.orientation')).waitFor();
      await page.getByText(tf(lang, 'forms.volunteer.ages', { age: 16, platformAge: 13 })).waitFor();
      const { label, heading, next, option, group, found } = await fillVolunteer(page, lang, address);

      // A reload (or a crash) in the middle: the draft is offered back.
      await page.waitForFunction(() => (localStorage.getItem('gerege:form-draft:volunteer') ?? '').includes('"__step":3'));
      await page.reload();
      await hydrated(page);
      const offer = page.getByText(new RegExp(`^${tf(lang, 'forms.ui.draft.offer', { time: 'TIME' }).replace(/[?()]/g, '\\$&').replace('TIME', '.+')}$`));
      await offer.waitFor();
      found.push(...(await axe(page, `${lang} volunteer, draft offer`)));
      await page.getByRole('button', { name: t(lang, 'forms.ui.draft.restore') }).click();
      await heading(4, 'interests').waitFor();
      await page.getByRole('button', { name: t(lang, 'forms.ui.previous') }).click();
      await heading(3, 'education').waitFor();
      assert.equal(await field(page, label('gpa')).inputValue(), '3,75', 'the draft brought the answers back');
      await next(4, 'interests');

      // 4 Interests and motivation
      await option('careerInterests', 'artsCulture').check();
      await option('careerInterests', 'humanitiesSocial').check();
      await field(page, label('whyInterested')).fill(lang === 'mn' ? 'Соёлоо хамгаалмаар байна.' : 'I want to protect our culture.');
      await field(page, label('qualifications')).fill('—');
      await next(5, 'yourself');

      // 5 About yourself: "other" asks for its text.
      await option('traits', 'creative').check();
      await option('traits', 'other').check();
      await field(page, label('motivation')).fill(lang === 'mn' ? 'Бусдад туслах.' : 'Helping others.');
      await page.getByRole('button', { name: t(lang, 'forms.ui.next'), exact: true }).click();
      await focused(field(page, label('traitsOther')));
      await describedWith(field(page, label('traitsOther')), t(lang, 'forms.errors.otherText'));
      await field(page, label('traitsOther')).fill(lang === 'mn' ? 'Тэвчээртэй' : 'Patient');
      await next(6, 'availability');

      // 6 Availability and health: "no" asks when.
      await option('fullDuration', 'no').check();
      await page.getByRole('button', { name: t(lang, 'forms.ui.next'), exact: true }).click();
      await focused(field(page, label('availability')));
      await describedWith(field(page, label('availability')), t(lang, 'forms.errors.availability'));
      await field(page, label('availability')).fill(lang === 'mn' ? 'Зөвхөн 8-р сард' : 'August only');
      const medical = field(page, label('medicalConditions'));
      await describedWith(medical, t(lang, 'forms.volunteer.fields.medicalConditions.hint'));
      await medical.fill(lang === 'mn' ? 'Астма' : 'Asthma');
      await next(7, 'emergency');

      // 7 Emergency contacts: add two rows, remove one.
      const row = (n) => page.getByRole('group', { name: tf(lang, 'ui.repeatable.row', { n }), exact: true });
      const rowField = (n, f) => field(row(n), t(lang, `forms.ui.row.${f}`));
      await rowField(1, 'name').fill(p.contact1);
      await rowField(1, 'relationship').fill(lang === 'mn' ? 'Аав' : 'Father');
      await rowField(1, 'phone').fill('99112233');
      const add = page.getByRole('button', { name: t(lang, 'forms.volunteer.fields.emergencyContacts.add') });
      await add.click();
      await focused(rowField(2, 'name'));
      await rowField(2, 'name').fill(p.contact2);
      await rowField(2, 'relationship').fill(lang === 'mn' ? 'Авга эгч' : 'Aunt');
      await rowField(2, 'phone').fill('+1 0000000'); // the right shape, but no such number: the server says so
      await rowField(2, 'email').fill('aunt@example.test');
      await add.click();
      await rowField(3, 'name').fill('—');
      await page.getByRole('button', { name: tf(lang, 'ui.repeatable.remove', { n: 3 }) }).click();
      await focused(add);
      assert.equal(await row(3).count(), 0);
      found.push(...(await axe(page, `${lang} volunteer, emergency contacts`)));
      await next(8, 'other');

      // 8 Anything else
      await option('howHeard', 'other').check();
      await field(page, label('howHeardOther')).fill(lang === 'mn' ? 'Зарлал' : 'A poster');
      await field(page, label('additionalInfo')).fill(lang === 'mn' ? 'Баярлалаа' : 'Thanks');
      await next(9);

      // The review: every section, in words of the page's language.
      await page.getByText(t(lang, 'forms.volunteer.options.careerInterests.artsCulture')).first().waitFor();
      await page.getByText(lang === 'mn' ? 'Монгол' : 'Mongolia', { exact: true }).waitFor();
      await page.getByRole('cell', { name: p.contact2 }).waitFor();
      found.push(...(await axe(page, `${lang} volunteer, review`)));

      // The server refuses the second contact's phone: back to that section, beside that row.
      await page.getByRole('button', { name: t(lang, 'forms.volunteer.submit') }).click();
      await heading(7, 'emergency').waitFor();
      await focused(rowField(2, 'phone'));
      await describedWith(rowField(2, 'phone'), t(lang, 'forms.errors.phone'));
      assert.equal(await rowField(1, 'phone').getAttribute('aria-invalid'), null, 'the first row is fine');
      assert.equal(await rowField(2, 'name').inputValue(), p.contact2, 'every row is kept');
      assert.equal(await rowField(2, 'phone').inputValue(), '+1 0000000');
      found.push(...(await axe(page, `${lang} volunteer, server message in a row`)));
      await rowField(2, 'phone').fill('+976 95112233');
      await next(8, 'other');
      assert.equal(await field(page, label('howHeardOther')).inputValue(), lang === 'mn' ? 'Зарлал' : 'A poster');
      await next(9);
      await page.getByRole('button', { name: t(lang, 'forms.volunteer.submit') }).click();
      const reference = await confirmation(page, lang, 'volunteer', address);
      found.push(...(await axe(page, `${lang} volunteer, confirmation`)));
      assert.equal(await page.evaluate(() => localStorage.getItem('gerege:form-draft:volunteer')), null, 'the draft is gone');

      const list = await submissionsOf('volunteer', address);
      assert.equal(list.total, 1);
      assert.equal(list.items[0].reference, reference);
      assert.equal(list.items[0].country, 'MN');
      // What the server kept, as the desk reads it.
      const admin = await site.browser.newContext();
      await signIn(admin, site.baseURL, ADMIN);
      const detail = await adminGet(admin, site.baseURL, `/api/admin/submissions/${list.items[0].id}`);
      await admin.close();
      assert.equal(detail.answers.gpa, '3.75');
      assert.deepEqual(detail.answers.traits, ['creative', 'other']);
      assert.equal(detail.answers.emergencyContacts.length, 2);
      assert.equal(detail.answers.emergencyContacts[1].phone, '+97695112233');
      assert.equal(detail.answers.medicalConditions, lang === 'mn' ? 'Астма' : 'Asthma');
      assert.equal(detail.answers.firstName, p.first);
      void group;

      assert.deepEqual(found, []);
      // The one 422 is the test's doing.
      assert.deepEqual(unexpected(problems, /HTTP 422: .*\/api\/forms\/volunteer$/, /status of 422/), []);
      await context.close();
    });
  }
});

describe('Road Map Program registration', () => {
  for (const lang of langs) {
    it(`is filled in ${lang} with two parents or guardians`, async () => {
      const { context, page, problems } = await newPage();
      const p = people[lang];
      const label = (f) => t(lang, `forms.roadmap.fields.${f}.label`);
      const pupil = page.getByRole('group', { name: t(lang, 'forms.roadmap.parts.pupil') });
      await page.goto(`${site.baseURL}${urlOf(lang, '/programs/road-map/register')}`);
      await hydrated(page);
      await page.getByRole('button', { name: t(lang, 'forms.roadmap.submit') }).click();
      const firstInvalid = field(pupil, label(lang === 'mn' ? 'lastName' : 'firstName'));
      await focused(firstInvalid);
      await describedWith(firstInvalid, t(lang, 'validation.required'));
      const row = (n) => page.getByRole('group', { name: tf(lang, 'ui.repeatable.row', { n }), exact: true });
      const rowField = (n, f) => field(row(n), t(lang, `forms.ui.row.${f}`));
      await describedWith(rowField(1, 'name'), t(lang, 'validation.required'));
      const found = await axe(page, `${lang} roadmap, with messages`);

      const address = email(lang, 'roadmap');
      await field(pupil, label('firstName')).fill(p.first);
      await field(pupil, label('lastName')).fill(p.last);
      await field(pupil, label('school')).fill(lang === 'mn' ? '23-р сургууль' : 'School No. 23');
      await field(pupil, label('class')).fill(lang === 'mn' ? '10Б' : '10B');
      await field(pupil, label('destination')).fill(lang === 'mn' ? 'Япон' : 'Japan');
      await field(pupil, label('phone')).fill('88112233');
      await field(pupil, label('email')).fill(address);
      await rowField(1, 'name').fill(p.contact1);
      await rowField(1, 'relationship').fill(lang === 'mn' ? 'Аав' : 'Father');
      await rowField(1, 'phone').fill('99112233');
      // A row added by mistake in the middle is removed; the row after it keeps what was typed.
      const add = page.getByRole('button', { name: t(lang, 'forms.roadmap.fields.guardians.add') });
      await add.click();
      await rowField(2, 'name').fill('—');
      await add.click();
      await rowField(3, 'name').fill(p.contact2);
      await rowField(3, 'relationship').fill(lang === 'mn' ? 'Ээж' : 'Mother');
      await rowField(3, 'phone').fill('95112233');
      await rowField(3, 'email').fill('mother@example.test');
      await page.getByRole('button', { name: tf(lang, 'ui.repeatable.remove', { n: 2 }) }).click();
      assert.equal(await row(3).count(), 0);
      assert.equal(await rowField(2, 'name').inputValue(), p.contact2);
      assert.equal(await rowField(2, 'email').inputValue(), 'mother@example.test');
      await page.getByRole('button', { name: t(lang, 'forms.roadmap.submit') }).click();
      const reference = await confirmation(page, lang, 'roadmap', address);
      const list = await submissionsOf('roadmap', address);
      assert.equal(list.total, 1);
      assert.equal(list.items[0].reference, reference);
      const stored = await adminDetail(list.items[0].id);
      assert.deepEqual(stored.answers.guardians.map((g) => g.name), [p.contact1, p.contact2], JSON.stringify(stored.answers));
      assert.equal(await page.evaluate(() => localStorage.getItem('gerege:form-draft:roadmap')), null, 'the draft is gone');
      assert.deepEqual(found, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('a signed-in user\'s draft follows them to another device', async () => {
    const address = email('en', 'roadmap');
    const one = await newPage();
    await signIn(one.context, site.baseURL, ADMIN);
    await one.page.goto(`${site.baseURL}/en/programs/road-map/register`);
    await hydrated(one.page);
    const pupil = one.page.getByRole('group', { name: t('en', 'forms.roadmap.parts.pupil') });
    const saved = one.page.waitForResponse((r) => r.url().endsWith('/api/forms/roadmap/draft') && r.request().method() === 'PUT');
    await field(pupil, t('en', 'forms.roadmap.fields.school.label')).fill('School on the server');
    await field(pupil, t('en', 'forms.roadmap.fields.email.label')).fill(address);
    assert.equal((await saved).status(), 204);
    await one.context.close();

    // Another device: no local draft, the server's is offered.
    const two = await newPage();
    await signIn(two.context, site.baseURL, ADMIN);
    await two.page.goto(`${site.baseURL}/en/programs/road-map/register`);
    await hydrated(two.page);
    await two.page.getByRole('button', { name: t('en', 'forms.ui.draft.restore') }).click();
    const school = field(two.page.getByRole('group', { name: t('en', 'forms.roadmap.parts.pupil') }), t('en', 'forms.roadmap.fields.school.label'));
    assert.equal(await school.inputValue(), 'School on the server');
    // Discarding it forgets it on the server too.
    await two.page.reload();
    await hydrated(two.page);
    const gone = two.page.waitForResponse((r) => r.url().endsWith('/api/forms/roadmap/draft') && r.request().method() === 'DELETE');
    await two.page.getByRole('button', { name: t('en', 'forms.ui.draft.discard') }).click();
    assert.equal((await gone).status(), 204);
    // GET draft answers 404 while there is none (the first visit): expected here.
    const allowed = [/HTTP 404: .*\/api\/forms\/roadmap\/draft$/, /status of 404/];
    assert.deepEqual(unexpected([...one.problems, ...two.problems], ...allowed), []);
    await two.context.close();
  });
});

describe('every state of the forms at phone width', () => {
  for (const lang of langs) {
    it(`has no serious axe violation and no sideways scrolling in ${lang} at 360 px, light and dark`, async () => {
      const found = [];
      for (const colorScheme of ['light', 'dark']) {
        const context = await site.browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme });
        const page = await context.newPage();
        const problems = watch(page, site.baseURL);
        const check = async (what) => {
          found.push(...(await axe(page, `${lang} ${colorScheme} 360px ${what}`)));
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= 360, `${what}: no sideways scrolling (${width}px)`);
        };
        for (const [path, submit] of [
          ['/contact-us', 'forms.contact.submit'],
          ['/support-center', 'forms.support.submit'],
          ['/programs/road-map/register', 'forms.roadmap.submit'],
        ]) {
          await page.goto(`${site.baseURL}${urlOf(lang, path)}`);
          await hydrated(page);
          await page.getByRole('button', { name: t(lang, submit) }).click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
          await check(`${path} with messages`);
        }
        // The volunteer form: a restored draft, walked section by section to the review; the
        // fields its answers reveal are empty at first, so their messages are seen too.
        await page.goto(`${site.baseURL}${urlOf(lang, '/programs/cultural-volunteer/register')}`);
        await page.evaluate((d) => localStorage.setItem('gerege:form-draft:volunteer', d), volunteerDraft(0, { fullDuration: 'no', traits: ['other'], howHeard: 'other' }));
        await page.reload();
        await hydrated(page);
        await page.getByRole('button', { name: t(lang, 'forms.ui.draft.restore') }).click();
        const reveal = { 4: 'traitsOther', 5: 'availability', 7: 'howHeardOther' };
        for (let i = 0; i < 8; i++) {
          const title = t(lang, `forms.volunteer.sections.${['about', 'contact', 'education', 'interests', 'yourself', 'availability', 'emergency', 'other'][i]}`);
          await page.getByRole('heading', { level: 2, name: tf(lang, 'forms.ui.step', { current: i + 1, total: 9, title }) }).waitFor();
          await check(`volunteer section ${i + 1}`);
          const forward = page.getByRole('button', { name: t(lang, i === 7 ? 'forms.ui.toReview' : 'forms.ui.next'), exact: true });
          if (reveal[i]) {
            await forward.click();
            await page.locator('[aria-invalid="true"]').first().waitFor();
            await check(`volunteer section ${i + 1} with messages`);
            await field(page, t(lang, `forms.volunteer.fields.${reveal[i]}.label`)).fill('x');
          }
          await forward.click();
        }
        await page.getByRole('button', { name: t(lang, 'forms.volunteer.submit') }).waitFor();
        await check('volunteer review');
        assert.deepEqual(problems, []);
        await context.close();
      }
      assert.deepEqual(found, []);
    });
  }
});
