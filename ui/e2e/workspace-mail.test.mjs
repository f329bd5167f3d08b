// The workspace's mailbox with the demo accounts (--demo), in both languages: the owner of the
// demo organisation writes to a colleague (a manager of the same organisation) whose inbox is
// open — the letter appears there live, with the inbox's count (and before it the platform's
// letter of an invitation to an event, live too) — the colleague reads it and
// replies adding a counselor to the thread, and the owner finds the reply in the inbox, selects
// two letters (space, then shift-click) and stars both at once, and puts a label on the thread;
// then the owner (who started the thread) removes the counselor the manager added, and the
// manager leaves the conversation.
// English at desktop width, Mongolian at 375 px (select mode); axe on every page seen, no raw
// keys, no console errors.
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

      // The manager's inbox is open before the letter is written.
      const manager = await open('manager', viewport, `/${lang}/dashboard/mail`);
      await manager.page.getByRole('heading', { name: k('folders.inbox'), level: 2 }).waitFor();
      const inboxLink = manager.page.getByRole('navigation', { name: k('mailbox') }).getByRole('link', { name: new RegExp(`^${k('folders.inbox')}`) });
      let countBefore = await inboxLink.innerText();

      // The owner writes to the manager.
      const owner = await open('owner', viewport, `/${lang}/dashboard/mail`);
      await owner.page.getByRole('heading', { name: k('folders.inbox'), level: 2 }).waitFor();
      // A letter of the platform (the invitation to an event, as a notification) appears in the
      // manager's open inbox within 5 s, live like people's letters.
      const eventTitle = `${lang === 'en' ? 'Fair planning' : 'Үзэсгэлэнгийн төлөвлөгөө'} ${Date.now()}`;
      const start = new Date(Date.now() + 86400000);
      const made = await owner.context.request.post(`${site.baseURL}/api/calendar/events`, {
        data: { title: eventTitle, notes: '', location: '', start: start.toISOString(), end: new Date(start.getTime() + 3600000).toISOString(),
          invitees: ['manager@demo.gerege.mn'] },
      });
      assert.equal(made.status(), 201, await made.text());
      await manager.page.getByRole('link', { name: new RegExp(eventTitle) }).waitFor({ timeout: 5000 });
      countBefore = await inboxLink.innerText();
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
      // The owner waits in the inbox (a thread left open would read the reply as it comes).
      await owner.page.goto(`${site.baseURL}/${lang}/dashboard/mail`);
      await owner.page.getByRole('heading', { name: k('folders.inbox'), level: 2 }).waitFor();

      // It arrives in the manager's open inbox without a reload, said, and counted.
      const entry = manager.page.getByRole('link', { name: new RegExp(subject) });
      await entry.waitFor();
      await manager.page.getByText(k('live.arrived')).waitFor();
      await manager.page.waitForFunction(
        ([sel, before]) => [...document.querySelectorAll(sel)].some((a) => a.textContent !== before && a.getAttribute('href')?.endsWith('/dashboard/mail')),
        ['.mail__nav a', countBefore],
      );
      // The manager reads it and replies, adding a counselor to the thread.
      await entry.click();
      await manager.page.getByRole('heading', { name: subject, level: 2 }).waitFor();
      await manager.page.getByRole('list', { name: k('messages') }).getByText(text).waitFor();
      found.push(...(await axe(manager.page, `${lang} thread`)));
      await manager.page.getByRole('button', { name: k('reply'), exact: true }).click();
      const body = manager.page.getByLabel(k('body'), { exact: true });
      await body.waitFor();
      await body.press('Control+Home');
      await body.pressSequentially(answer);
      await manager.page.getByRole('button', { name: k('add.open'), exact: true }).last().click();
      await manager.page.getByLabel(k('add.find')).fill('Sarah');
      await manager.page.getByRole('button', { name: k('add.choose', { name: 'Sarah Miller' }) }).click();
      await manager.page.getByRole('button', { name: k('add.remove', { name: 'Sarah Miller' }) }).waitFor();
      found.push(...(await axe(manager.page, `${lang} reply adding people`)));
      await manager.page.getByRole('button', { name: k('send'), exact: true }).click();
      await manager.page.getByRole('list', { name: k('messages') }).getByText(answer).first().waitFor();
      await manager.page.getByRole('list', { name: k('messages') }).getByText(/Sarah Miller/).first().waitFor();

      // The owner's open inbox shows the reply (live), and the owner labels the thread.
      const back = owner.page.getByRole('link', { name: new RegExp(subject) });
      await back.waitFor();
      assert.match(await back.innerText(), new RegExp(k('unread_one', { count: 1 }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      // Two letters at once: the newest chosen with the space bar, the next by shift-click; the
      // count is said; both are starred by one action.
      if (viewport === PHONE) await owner.page.getByRole('button', { name: k('select.mode') }).click();
      const first = owner.page.getByRole('checkbox', { name: k('select.one', { subject }) });
      await first.focus();
      await owner.page.keyboard.press('Space');
      await owner.page.locator('.mail__check').nth(1).click({ modifiers: ['Shift'] });
      await owner.page.getByRole('status').filter({ hasText: k('select.count_other', { count: 2 }) }).waitFor();
      found.push(...(await axe(owner.page, `${lang} selected`)));
      await owner.page.getByRole('group', { name: k('select.actions') }).getByRole('button', { name: k('star'), exact: true }).click();
      await owner.page.getByText(k('select.done_other', { count: 2 })).waitFor();
      await owner.page.waitForFunction(() => document.querySelectorAll('.mail__items li:nth-child(-n+2) .mail__marks').length === 2 &&
        [...document.querySelectorAll('.mail__items li:nth-child(-n+2) .mail__marks')].every((m) => m.textContent.includes('★')));
      assert.equal(await owner.page.locator('.mail__check:checked').count(), 0);
      if (viewport === PHONE) await owner.page.getByRole('button', { name: k('select.mode') }).click();
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

      // The owner started the thread: Sarah Miller, whom the manager added, can be removed
      // (confirmed); the thread says so, live in the manager's open thread too; the manager
      // leaves the conversation (by keyboard, confirmed) and keeps what they had.
      const p = (key, vars) => k(`people.${key}`, vars);
      await owner.page.getByRole('link', { name: new RegExp(subject) }).click();
      const removeButton = owner.page.getByRole('button', { name: p('removeOne', { name: 'Sarah Miller' }) });
      let asked = '';
      owner.page.once('dialog', (d) => ((asked = d.message()), d.accept()));
      await removeButton.click();
      await owner.page.getByRole('list', { name: k('messages') }).getByText(p('youRemoved', { name: 'Sarah Miller' })).waitFor();
      await removeButton.waitFor({ state: 'detached' });
      assert.match(asked, /Sarah Miller/);
      await manager.page.locator('.mail__event', { hasText: 'Sarah Miller' }).waitFor({ timeout: 5000 });
      manager.page.once('dialog', (d) => d.accept());
      await manager.page.getByRole('button', { name: p('leave'), exact: true }).focus();
      await manager.page.keyboard.press('Enter');
      await manager.page.getByRole('list', { name: k('messages') }).getByText(p('leftYou')).waitFor();
      await manager.page.getByText(p('leftNotice')).waitFor();
      await manager.page.getByRole('list', { name: k('messages') }).getByText(answer).first().waitFor();
      found.push(...(await axe(manager.page, `${lang} left the conversation`)));

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
