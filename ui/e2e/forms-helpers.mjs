// Shared by the forms browser tests (forms.test.mjs, forms-desk.test.mjs).
import assert from 'node:assert/strict';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { injectAxe, root, t } from './harness.mjs';

import { signInApi } from './auth-helpers.mjs';

export { ADMIN, createAdmin, promoteAdmin, registerApi } from './auth-helpers.mjs';

/**
 * Signs a browser context in with a cookie session, and sets the note the app keeps while
 * signed in (lib/session.ts, HINT) so that every page asks who it is.
 */
export async function signIn(context, baseURL, who) {
  const user = await signInApi(context, baseURL, who);
  await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: baseURL }]);
  return user;
}

/** The servers of these tests accept forms at once (no minimum fill time) and many of them. */
export const SERVER = { env: { GEREGE_MIN_FILL_TIME: '0s', GEREGE_LIMIT_FORMS_IP: '1000/10m' } };

/** A catalog text with its {{placeholders}} filled in. */
export const tf = (lang, key, vars = {}) => t(lang, key).replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));

/** axe-core's serious and critical violations, readably (the context must bypass the CSP). */
export async function axe(page, label = page.url()) {
  await injectAxe(page);
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** Problems from watch() but those a test expects (regular expressions). */
export const unexpected = (problems, ...allowed) => problems.filter((p) => !allowed.some((re) => re.test(p)));

/** The form is hydrated once its send / Next button is enabled. */
export async function hydrated(page) {
  await page.waitForFunction(() => {
    const b = document.querySelector('main form button[type="submit"]');
    return b && !b.disabled;
  });
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field by its label (exactly, but for the required marker after it). */
export const field = (scope, label) => scope.getByLabel(new RegExp(`^${escape(label)}( \\*)?$`));

/** The element that describes a field (its message or hint) holds `text`. */
export async function describedWith(locator, text) {
  const ids = (await locator.getAttribute('aria-describedby')) ?? '';
  const texts = await locator.evaluate((el, list) => list.split(' ').map((id) => document.getElementById(id)?.textContent ?? ''), ids);
  assert.ok(texts.includes(text), `"${text}" describes the field (has: ${JSON.stringify(texts)})`);
}

/** The client's copy of the forms' schema (ui/src/features/forms/components/schemas.ts), bundled on the fly. */
export async function clientSchemas() {
  const res = await esbuild.build({
    entryPoints: [path.join(root, 'ui/src/features/forms/components/schemas.ts')],
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'node',
    logLevel: 'silent',
  });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(res.outputFiles[0].text).toString('base64')}`);
  return mod.SCHEMAS;
}

/** Submits a form through the API as the mobile app would (no browser headers, no token). */
export async function submitApi(baseURL, form, body, lang = 'en') {
  const res = await fetch(`${baseURL}/api/forms/${form}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang },
    body: JSON.stringify(body),
  });
  const out = await res.json();
  assert.equal(res.status, 201, JSON.stringify(out));
  return out;
}

/** A complete volunteer registration for the API. */
export const volunteerBody = (patch = {}) => ({
  firstName: 'Anu',
  lastName: 'Bat',
  dateOfBirth: '2004-06-01',
  gender: 'female',
  phone: '88112233',
  email: 'anu@example.test',
  address: 'Peace Avenue 1',
  city: 'Ulaanbaatar',
  state: '',
  country: 'MN',
  postalCode: '',
  school: 'School No. 1',
  grade: '11',
  major: '',
  gpa: '3.5',
  relevantCourses: '',
  careerInterests: ['artsCulture'],
  whyInterested: 'Culture matters',
  qualifications: '',
  priorExperience: '',
  priorCulturalExperience: '',
  traits: ['creative'],
  traitsOther: '',
  strengths: '',
  improvementAreas: '',
  motivation: 'To help',
  leadershipExample: '',
  fullDuration: 'yes',
  availability: '',
  medicalConditions: 'Mild asthma',
  emergencyContacts: [{ name: 'Bold Bat', relationship: 'Father', phone: '99112233', email: '' }],
  howHeard: 'school',
  howHeardOther: '',
  additionalInfo: '',
  ...patch,
});

/** A local draft of a complete volunteer registration at `step` (8 is the review). */
export const volunteerDraft = (step = 8, patch = {}) =>
  JSON.stringify({ v: 1, savedAt: Date.now(), data: { ...volunteerBody(patch), medicalConditions: '', __step: step } });

/** GET an admin API path with the context's cookies. */
export async function adminGet(context, baseURL, p) {
  const res = await context.request.get(`${baseURL}${p}`);
  assert.equal(res.status(), 200, `${p}: ${await res.text()}`);
  return res.json();
}
