// The workspace's mailbox with the demo accounts (--demo), in both languages: the owner of the
// demo organisation writes to a colleague (a manager of the same organisation), the colleague
// reads it and replies, and the owner finds the reply in the inbox and puts a label on the
// thread. English at desktop width, Mongolian at 375 px; axe on every page seen, no raw keys,
// no console errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, tf, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { signInApi } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740 };

async function open(name, viewport, path) {
  const context = await site.browser.newContext({ viewport });
  await signInApi(context, site.baseURL, { email: `${name}@demo.gerege.mn`, password: PASSWORD });
  await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
  const page = await context.newPage();
  const problems = watch(page, site.baseURL);
  await page.goto(`${site.baseURL}${path}`);
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  return { context, page, problems };
}

describe('mail between colleagues', () => {
  for (const [lang, viewport] of [
    ['en', DESKTOP],
    ['mn', PHONE],
  ]) {
    it(`a letter, its reply and a label (${lang}, ${viewport.width}px)`, async () => {
      const k = (key, vars) => tf(lang, `workspaceMail.page.${key}`, vars);
      const [subject, text, answer] =
        lang === 'en'
          ? ['Budget for the autumn fair', 'Could you send me the budget by Friday?', 'Yes, you will have it on Thursday.']
          : ['Намрын үзэсгэлэнгийн төсөв', 'Төсвөө баасан гараг гэхэд илгээнэ үү.', 'Тийм ээ, пүрэв гарагт илгээнэ.'];
      const found = [];

      // The owner writes to the manager.
      const owner = await open('owner', viewport, `/${lang}/dashboard/mail`);
      await owner.page.getByRole('heading', { name: k('folders.inbox'), level: 2 }).waitFor();
      await owner.page.getByRole('button', { name: k('write') }).click();
      await owner.page.getByRole('heading', { name: k('compose.new') }).waitFor();
      await owner.page.getByLabel(k('findPerson')).fill('Номин');
      await owner.page.getByRole('button', { name: k('choose', { name: 'Номин Цэрэн' }) }).click();
      await owner.page.getByRole('button', { name: k('removePerson', { name: 'Номин Цэрэн' }) }).waitFor();
      // Sent without a subject: the field says why, and the text typed stays.
      await owner.page.getByLabel(k('body'), { exact: true }).fill(text);
      await owner.page.getByRole('button', { name: k('send'), exact: true }).click();
      const subjectField = owner.page.getByLabel(k('subject'), { exact: true });
      await owner.page.waitForFunction(() => document.activeElement?.id === 'mail-subject');
      assert.equal(await subjectField.getAttribute('aria-invalid'), 'true');
      assert.equal(await owner.page.getByLabel(k('body'), { exact: true }).inputValue(), text);
      found.push(...(await axe(owner.page, `${lang} compose`)));
      await subjectField.fill(subject);
      await owner.page.getByRole('button', { name: k('send'), exact: true }).click();
      await owner.page.getByRole('heading', { name: subject, level: 2 }).waitFor();

      // The manager reads it in the inbox and replies.
      const manager = await open('manager', viewport, `/${lang}/dashboard/mail`);
      const entry = manager.page.getByRole('link', { name: new RegExp(subject) });
      await entry.waitFor();
      await entry.click();
      await manager.page.getByRole('heading', { name: subject, level: 2 }).waitFor();
      await manager.page.getByRole('list', { name: k('messages') }).getByText(text).waitFor();
      found.push(...(await axe(manager.page, `${lang} thread`)));
      await manager.page.getByRole('button', { name: k('reply'), exact: true }).click();
      const body = manager.page.getByLabel(k('body'), { exact: true });
      await body.waitFor();
      await body.press('Control+Home');
      await body.pressSequentially(answer);
      await manager.page.getByRole('button', { name: k('send'), exact: true }).click();
      await manager.page.getByRole('list', { name: k('messages') }).getByText(answer).first().waitFor();

      // The owner finds the reply in the inbox and labels the thread.
      await owner.page.goto(`${site.baseURL}/${lang}/dashboard/mail`);
      const back = owner.page.getByRole('link', { name: new RegExp(subject) });
      await back.waitFor();
      assert.match(await back.innerText(), new RegExp(k('unread_one', { count: 1 }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await back.click();
      await owner.page.getByRole('list', { name: k('messages') }).getByText(answer).first().waitFor();
      await owner.page.getByLabel(k('applyLabel')).selectOption({ label: 'Team' });
      await owner.page.getByRole('button', { name: k('apply'), exact: true }).click();
      await owner.page.getByRole('button', { name: k('removeLabel', { name: 'Team' }) }).waitFor();
      // The label's list has it.
      if (viewport === PHONE) await owner.page.getByRole('button', { name: k('back') }).click();
      await owner.page.getByRole('link', { name: /^Team/ }).click();
      await owner.page.getByRole('heading', { name: 'Team', level: 2 }).waitFor();
      await owner.page.getByRole('link', { name: new RegExp(subject) }).waitFor();
      found.push(...(await axe(owner.page, `${lang} label`)));

      assert.deepEqual(found, []);
      for (const p of [owner.page, manager.page]) {
        assert.ok(!(await p.locator('body').innerText()).includes('workspaceMail.'), 'raw catalog keys on the page');
      }
      // The letter sent without a subject was refused on purpose (422).
      assert.deepEqual(unexpected(owner.problems, /HTTP 422: \S+\/api\/mail\/send$/, /status of 422/), []);
      assert.deepEqual(unexpected(manager.problems), []);
      await Promise.all([owner.context.close(), manager.context.close()]);
    });
  }
});
