// The public site against the real binary, started with --base-url at its own address: every
// page's content in both languages (before JavaScript, and after), a crawl of every link, the
// Terms of Service facts, the sitemap and the SEO links, FAQ search and answer links, and the
// calendar files of the Cultural Volunteer Program.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, root, startServer, t, urlOf, watch } from './harness.mjs';

const langs = ['en', 'mn'];
const content = (name) => JSON.parse(readFileSync(path.join(root, 'i18n/content', name), 'utf8'));
const faqSeed = content('faq.seed.json');
const universitiesSeed = content('universities.seed.json');
const legal = { en: content('legal.en.json').documents, mn: content('legal.mn.json').documents };

const site = {};
before(async () => {
  site.server = await startServer({ args: ({ baseURL }) => ['--base-url', baseURL] });
  site.baseURL = site.server.baseURL;
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

const decode = (html) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The text of some HTML, tags dropped and entities decoded. */
const textOf = (html) => decode(html.replace(/<[^>]+>/g, ''));

async function fetchPage(url) {
  const res = await fetch(site.baseURL + url);
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
}

// ---- the public pages and what each must show ----

const legalDocs = { terms: 'pages.terms', 'terms-and-conditions': 'pages.termsAndConditions', privacy: 'pages.privacy', 'community-standards': 'pages.communityStandards' };

/** Every public page: path → a catalog key or a function of the language giving a distinctive text. */
const PAGES = {
  '/': 'pages.home.offerings.directionBoard.text',
  '/features': 'pages.features.sections.directionBoard.heading',
  '/content': 'pages.content.lead',
  '/post': 'posts.list.lead',
  '/opportunities': 'pages.opportunities.sections.safety.heading',
  '/forums': 'communities.pages.list.description',
  '/about-us': 'pages.aboutUs.mission.heading',
  '/pricing': 'pages.pricing.billing.monthlyCard',
  '/payment': 'pages.payment.lead',
  '/universities': (lang) => universitiesSeed.destinations[0].universities[0].name[lang],
  '/programs/cultural-volunteer': 'pages.volunteer.timeline.training.dates',
  '/programs/road-map': 'pages.roadmap.whoMayJoin.body',
  '/help-center': 'pages.helpCenter.searchLabel',
  '/faq': (lang) => faqSeed.entries[0].question[lang],
  '/support-center': 'pages.supportCenter.popular',
  '/contact-us': 'pages.contactUs.include.heading',
  '/chat': 'pages.startChat.lead',
};
for (const doc of Object.keys(legalDocs)) {
  const heading = (lang) => legal[lang][doc].versions[0].sections[0].heading;
  PAGES[`/${doc}`] = heading;
  for (const v of legal.en[doc].versions) PAGES[`/${doc}/v/${v.effective}`] = heading;
}

/** The h1 of each public page. */
function h1Of(lang, p) {
  if (p === '/') return t(lang, 'pages.home.heading');
  const doc = p.split('/')[1];
  if (legalDocs[doc]) return legal[lang][doc].title;
  const keys = {
    '/features': 'pages.features', '/content': 'pages.content', '/opportunities': 'pages.opportunities', '/forums': 'pages.forums',
    '/about-us': 'pages.aboutUs', '/pricing': 'pages.pricing', '/payment': 'pages.payment', '/universities': 'pages.universities',
    '/programs/cultural-volunteer': 'pages.volunteer', '/programs/road-map': 'pages.roadmap', '/help-center': 'pages.helpCenter',
    '/faq': 'pages.faq', '/support-center': 'pages.supportCenter', '/contact-us': 'pages.contactUs', '/chat': 'pages.startChat',
    '/post': 'posts.titles.all',
  };
  return t(lang, `${keys[p]}.title`);
}

const expected = (lang, p) => (typeof PAGES[p] === 'function' ? PAGES[p](lang) : t(lang, PAGES[p]));

describe('every public page, in both languages', () => {
  it('is prerendered with its own h1, its content and a unique title', async () => {
    const titles = new Map();
    for (const lang of langs) {
      for (const p of Object.keys(PAGES)) {
        const url = urlOf(lang, p);
        const { status, html } = await fetchPage(url);
        assert.equal(status, 200, url);
        const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]));
        assert.deepEqual(h1s, [h1Of(lang, p)], `${url}: the h1`);
        assert.ok(textOf(html).includes(expected(lang, p)), `${url}: shows "${expected(lang, p)}"`);
        const title = decode(/<title>([^<]*)<\/title>/.exec(html)[1]);
        assert.ok(!titles.has(title), `${url}: title "${title}" also on ${titles.get(title)}`);
        titles.set(title, url);
        assert.match(html, /<meta name="description" content="[^"]{20,}">/, `${url}: a description`);
      }
    }
  });

  it('keeps its content once the app has taken over', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    for (const lang of langs) {
      for (const p of Object.keys(PAGES)) {
        const url = urlOf(lang, p);
        await page.goto(site.baseURL + url);
        await page.locator('#app[data-ready]').waitFor();
        assert.equal((await page.locator('h1').textContent()).trim(), h1Of(lang, p), url);
        assert.ok((await page.locator('main').textContent()).includes(expected(lang, p)), `${url}: still shows its content`);
      }
    }
    assert.deepEqual(problems.filter((x) => !/\/api\/auth\/me/.test(x) && !/status of 401/.test(x)), []);
    await context.close();
  });
});

describe('links', () => {
  it('the pages lead to what already works: the Direction Board, the programs, the contact form', async () => {
    for (const lang of langs) {
      const links = async (p) => [...(await fetchPage(urlOf(lang, p))).html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
      assert.ok((await links('/')).includes(urlOf(lang, '/direction-board')), `${lang} home: the Direction Board tile links to the test`);
      const features = await links('/features');
      for (const p of ['/direction-board', '/programs/cultural-volunteer', '/programs/road-map']) {
        assert.ok(features.includes(urlOf(lang, p)), `${lang} features: a link to ${p}`);
      }
      assert.ok((await links('/support-center')).includes(urlOf(lang, '/contact-us')), `${lang} support centre: the contact form`);
    }
  });

  it('a crawl from /en and /mn finds no dead link and no other host', async () => {
    const { destinations } = await (await fetch(`${site.baseURL}/api/universities`)).json();
    const meta = await (await fetch(`${site.baseURL}/api/meta`)).json();
    // Other hosts: the app stores when configured (none by default) and the universities' own
    // websites, which the universities page lists as its content.
    const allowed = new Set([meta.appStoreUrl, meta.playStoreUrl, ...destinations.flatMap((d) => d.universities.map((u) => u.website))].filter(Boolean));
    const origin = new URL(site.baseURL).origin;
    const seen = new Map(); // url → status
    const queue = ['/en', '/mn'];
    const problems = [];
    while (queue.length) {
      const url = queue.shift();
      if (seen.has(url)) continue;
      const res = await fetch(origin + url);
      seen.set(url, res.status);
      if (res.status !== 200) {
        problems.push(`${url}: HTTP ${res.status}`);
        continue;
      }
      if (!/^text\/html/.test(res.headers.get('content-type'))) continue;
      const html = await res.text();
      if (!html.includes('<link rel="canonical"')) continue; // not a public page: check it, do not follow
      for (const [, raw] of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
        const href = decode(raw);
        if (href.startsWith('#')) {
          if (!html.includes(`id="${href.slice(1)}"`)) problems.push(`${url}: ${href} names no element`);
          continue;
        }
        if (href.startsWith('mailto:')) continue;
        const target = new URL(href, origin + url);
        if (target.origin !== origin) {
          if (!allowed.has(href)) problems.push(`${url}: link to another host ${href}`);
          continue;
        }
        const local = target.pathname + target.search;
        if (!seen.has(local) && !queue.includes(local)) queue.push(local);
      }
    }
    assert.deepEqual(problems, []);
    for (const lang of langs) for (const p of Object.keys(PAGES)) assert.ok(seen.has(urlOf(lang, p)), `the crawl reached ${urlOf(lang, p)}`);
  });
});

describe('the Terms of Service', () => {
  // Each fact: the section (by id) and a phrase it must contain, in each language.
  const facts = [
    ['billed monthly by card', 'billing', 'are billed monthly by card', 'сар бүр картаар тооцно'],
    ['no refunds', 'refunds', 'Payments are non-refundable', 'Төлсөн төлбөрийг буцаан олгохгүй'],
    ['cancellation only through the profile page', 'cancellation', 'but only through your profile page', 'зөвхөн профайл хуудаснаасаа цуцална'],
    ['price changes announced 30 days ahead', 'price-changes', 'at least 30 days before it takes effect', 'дор хаяж 30 хоногийн өмнө'],
    ['minimum age 13', 'eligibility', 'at least 13 years old', '13 нас хүрсэн байх ёстой'],
    ['accounts are made by humans', 'human-accounts', 'must be created by a human being', 'Бүртгэл бүрийг хүн өөрөө'],
    ['no account sharing', 'account-sharing', 'You must not share it', 'Бүртгэлээ бусадтай хуваалцах'],
    ['users may report content', 'reporting', 'You can report any post', '«Мэдээлэх» товчоор мэдээлж'],
    ['users may block users', 'reporting', 'you can block any user', 'хэрэглэгчийг хориглож болно'],
    ['reports answered within 24 hours', 'reporting', 'Every report is answered within 24 hours', 'Гомдол бүрт 24 цагийн дотор хариу өгч'],
    ['support replies within a day', 'support', 'Our support team replies within a day', 'нэг өдрийн дотор хариу өгнө'],
    ['national ID: what is collected', 'id-verification', 'your surname, given name, date of birth and national ID number', 'овог, нэр, төрсөн огноо, регистрийн дугаарыг'],
    ['national ID: features may be restricted on refusal', 'id-verification', 'If you refuse or do not complete it, some features may be restricted', 'Татгалзах эсвэл дуусгаагүй тохиолдолд зарим үйлчилгээг'],
    ['community admins and moderators moderate their own communities', 'moderation', 'run by its own administrators and moderators', 'өөрийн админ, модераторууд удирддаг'],
    ['moderators receive reports', 'moderation', 'receive reports about content in their community', 'контентын талаарх гомдлыг хүлээн авч'],
    ['the company does not moderate directly', 'moderation', 'Gerege does not moderate communities directly', 'Gerege нийгэмлэгүүдийг шууд хянадаггүй'],
  ];

  for (const lang of langs) {
    it(`states every fact in ${lang}`, async () => {
      const context = await site.browser.newContext();
      const page = await context.newPage();
      await page.goto(`${site.baseURL}/${lang}/terms`);
      await page.locator('#app[data-ready]').waitFor();
      for (const [fact, id, en, mn] of facts) {
        const text = await page.locator(`section#${id}`).textContent();
        assert.ok(text.includes(lang === 'en' ? en : mn), `${fact} (#${id})`);
        // The table of contents links to it.
        assert.equal(await page.locator(`nav a[href="#${id}"]`).count(), 1, `contents link to #${id}`);
      }
      await context.close();
    });
  }
});

describe('sitemap and SEO links', () => {
  it('/sitemap-pages.xml (in the /sitemap.xml index) lists every public page once per language, at the configured origin', async () => {
    const index = await (await fetch(`${site.baseURL}/sitemap.xml`)).text();
    assert.ok(index.includes(`<loc>${site.baseURL}/sitemap-pages.xml</loc>`), index);
    const res = await fetch(`${site.baseURL}/sitemap-pages.xml`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /xml/);
    const xml = await res.text();
    assert.ok(!xml.includes('gerege.invalid'), 'the server wrote its --base-url over the placeholder origin');
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
      loc: /<loc>([^<]+)<\/loc>/.exec(body)[1],
      alternates: Object.fromEntries([...body.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]])),
    }));
    const locs = entries.map((e) => e.loc);
    assert.equal(new Set(locs).size, locs.length, 'each URL once');
    for (const lang of langs) {
      for (const p of Object.keys(PAGES)) assert.ok(locs.includes(site.baseURL + urlOf(lang, p)), `${urlOf(lang, p)} is listed`);
    }
    for (const loc of locs) assert.ok(!/\/(dashboard|auth|components|403|404|500|maintenance|coming-soon)(\/|$)/.test(loc), `${loc} is not public`);

    for (const { loc, alternates } of entries) {
      const p = loc.slice(site.baseURL.length);
      const routePath = p.slice(3) || '/';
      assert.deepEqual(alternates, {
        en: site.baseURL + urlOf('en', routePath),
        mn: site.baseURL + urlOf('mn', routePath),
        'x-default': site.baseURL + urlOf('en', routePath),
      }, loc);
      // The page says the same: canonical to itself, the same alternates, Open Graph.
      const { html } = await fetchPage(p);
      const lang = p.slice(1, 3);
      assert.ok(html.includes(`<link rel="canonical" href="${loc}">`), `${p}: canonical to itself`);
      for (const [hreflang, href] of Object.entries(alternates)) {
        assert.ok(html.includes(`<link rel="alternate" hreflang="${hreflang}" href="${href}">`), `${p}: hreflang ${hreflang}`);
      }
      assert.ok(html.includes(`<meta property="og:url" content="${loc}">`), `${p}: og:url`);
      assert.ok(html.includes(`<meta property="og:locale" content="${lang === 'en' ? 'en_US' : 'mn_MN'}">`), `${p}: og:locale`);
      assert.ok(html.includes('<meta property="og:type" content="website">'), `${p}: og:type`);
      assert.match(html, /<meta property="og:title" content="[^"]+ · Gerege">/, `${p}: og:title`);
      assert.match(html, /<meta property="og:description" content="[^"]{20,}">/, `${p}: og:description`);
    }
  });

  it('pages that are not public are not indexed', async () => {
    for (const p of ['/components', '/404', '/auth/login']) {
      const { html } = await fetchPage(urlOf('en', p));
      assert.ok(html.includes('<meta name="robots" content="noindex">'), p);
      assert.ok(!html.includes('rel="canonical"'), p);
    }
    const robots = await (await fetch(`${site.baseURL}/robots.txt`)).text();
    assert.ok(robots.includes(`Sitemap: ${site.baseURL}/sitemap.xml`), robots);
  });
});

describe('FAQ', () => {
  const questions = (page) => page.locator('details.faq__entry summary').allTextContents();

  for (const [lang, typed, slug] of [
    ['en', 'PASSWORD', 'forgot-password'],
    ['mn', 'НУУЦ ҮГ', 'forgot-password'],
  ]) {
    it(`filters as you type in ${lang}, whatever the case`, async () => {
      const context = await site.browser.newContext();
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      await page.goto(`${site.baseURL}/${lang}/faq`);
      await page.locator('#app[data-ready]').waitFor();
      const all = (await questions(page)).length;
      assert.equal(all, faqSeed.entries.length);
      const box = page.getByLabel(t(lang, 'pages.helpCenter.searchLabel'));
      await box.pressSequentially(typed, { delay: 20 });
      await page.waitForFunction((n) => document.querySelectorAll('details.faq__entry').length < n, all);
      const shown = await questions(page);
      assert.ok(shown.length > 0, 'something matches');
      assert.ok(await page.locator(`details#${slug}`).isVisible(), `${slug} is among the answers`);
      await page.getByRole('status').filter({ hasText: /\d/ }).waitFor();

      await box.fill('zzqx');
      await page.locator('.faq__empty').waitFor();
      assert.equal((await questions(page)).length, 0);
      assert.ok((await page.locator('.faq__empty').textContent()).includes('zzqx'));
      await box.fill('');
      await page.waitForFunction((n) => document.querySelectorAll('details.faq__entry').length === n, all);
      assert.deepEqual(problems.filter((x) => !/\/api\/auth\/me|status of 401/.test(x)), []);
      await context.close();
    });
  }

  it('/en/faq#<slug> opens that answer, and each answer can be linked to', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const slug = faqSeed.entries[5].id;
    await page.goto(`${site.baseURL}/en/faq#${slug}`);
    await page.locator('#app[data-ready]').waitFor();
    await page.waitForFunction((id) => document.getElementById(id)?.open === true, slug);
    assert.ok(await page.locator(`details#${slug} p`).first().isVisible(), 'the answer shows');
    assert.equal(await page.locator('details.faq__entry[open]').count(), 1, 'only that one is open');
    // Clicking a question opens it; its copy button names the question.
    const other = faqSeed.entries[0].id;
    await page.locator(`details#${other} summary`).click();
    assert.ok(await page.locator(`details#${other}`).evaluate((d) => d.open));
    assert.equal(await page.locator(`details#${other} button`).getAttribute('aria-label'), t('en', 'pages.faq.copyLinkTo').replace('{{question}}', faqSeed.entries[0].question.en));
    await context.close();
  });
});

describe('Cultural Volunteer Program calendar', () => {
  for (const lang of langs) {
    it(`the "add to calendar" links give iCalendar files in ${lang}`, async () => {
      const context = await site.browser.newContext();
      const page = await context.newPage();
      await page.goto(`${site.baseURL}/${lang}/programs/cultural-volunteer`);
      const hrefs = await page.locator('a[href*="timeline.ics"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.equal(hrefs.length, 5, 'one per phase and one for all');
      for (const href of hrefs) {
        assert.ok(href.includes(`lang=${lang}`), href);
        const res = await page.request.get(site.baseURL + href);
        assert.equal(res.status(), 200, href);
        assert.match(res.headers()['content-type'], /^text\/calendar/, href);
        const body = await res.text();
        assert.ok(body.startsWith('BEGIN:VCALENDAR'), href);
        assert.equal(body.match(/BEGIN:VEVENT/g).length, href.includes('phase=') ? 1 : 4, href);
      }
      await context.close();
    });
  }
});
