// Posts, as people use them, on the demo data (--demo): a staff member writes a post with a
// cover and tags (Markdown with a script that must not run), previews it, publishes it, finds
// it on /post and by search in the other script, and reads it on /post/{slug} as the server
// rendered it; /content shows the platform's posts. English on a desktop, Mongolian on a
// phone, axe on every screen.
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { signInApi } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const ADMIN = { email: 'admin@demo.gerege.mn', password: 'gerege-demo-2026' };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

/** The post each journey writes, and the words in the other script that find it. */
const POSTS = {
  en: { title: 'Robotics club in Khovd', query: 'Ховд робот', tags: 'robotics, club' },
  mn: { title: 'Өвөрхангайн робот клуб', query: 'Uvurkhangai', tags: 'робот, клуб' },
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A w×h PNG picture (a gradient), made here. */
function png(w, h) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) row.set([x % 256, y % 256, 140], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'binary'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function open(viewport) {
  const context = await site.browser.newContext({ viewport });
  await signInApi(context, site.baseURL, ADMIN);
  await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL) };
}

async function settled(page) {
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

describe('posts', () => {
  for (const [lang, viewport] of [
    ['en', DESKTOP],
    ['mn', PHONE],
  ]) {
    it(`write with a cover and tags, preview, publish, find in the other script, read (${lang}, ${viewport.width}px)`, async () => {
      const { context, page, problems } = await open(viewport);
      const found = [];
      const { title, query, tags } = POSTS[lang];
      const d = (k) => t(lang, `posts.dashboard.${k}`);

      // Write: a staff post (no community), Markdown with a script that must stay text.
      await page.goto(`${site.baseURL}/${lang}/dashboard/post/new`);
      await settled(page);
      await page.getByRole('heading', { level: 1, name: t(lang, 'posts.titles.new.title') }).waitFor();
      await page.getByLabel(d('titleField')).fill(title);
      await page.getByLabel(d('body')).fill(`Meet us on **Saturdays**.\n\n<script>window.pwned = 1</script>\n\n- arduino\n- lego`);
      await page.getByLabel(d('tags')).fill(tags);
      await page.getByLabel(d('lang')).selectOption(lang);
      await page.getByLabel(d('cover')).setInputFiles({ name: 'club.png', mimeType: 'image/png', buffer: png(1000, 500) });
      found.push(...(await axe(page, `${lang} editor`)));
      await page.getByRole('button', { name: d('saveDraft') }).click();

      // The preview, as it will be read: the server's HTML, the resized cover, the tags.
      await page.waitForURL(new RegExp(`/${lang}/dashboard/post/[a-z0-9-]+$`));
      await settled(page);
      await page.getByRole('heading', { name: d('preview') }).waitFor();
      await page.locator('.post-preview strong', { hasText: 'Saturdays' }).waitFor();
      assert.equal(await page.locator('.post-preview script').count(), 0);
      assert.equal(await page.locator('.post-preview img.post-page__cover').getAttribute('width'), '1000');
      await page.locator('.post-status', { hasText: t(lang, 'posts.dashboard.statuses.draft') }).waitFor();
      found.push(...(await axe(page, `${lang} preview`)));
      const slug = page.url().split('/').pop();

      await page.getByRole('button', { name: d('publish') }).click();
      await page.locator('.post-status', { hasText: t(lang, 'posts.dashboard.statuses.published') }).waitFor();

      // Listed on /post, and on /content (a platform post).
      await page.goto(`${site.baseURL}/${lang}/post`);
      await settled(page);
      await page.locator('.post-card__title', { hasText: title }).waitFor();
      found.push(...(await axe(page, `${lang} list`)));
      await page.goto(`${site.baseURL}/${lang}/content`);
      await settled(page);
      await page.getByRole('heading', { level: 1, name: t(lang, 'pages.content.title') }).waitFor();
      await page.locator('.post-card__title', { hasText: title }).waitFor();

      // Found by words in the other script.
      await page.goto(`${site.baseURL}/${lang}/post`);
      await settled(page);
      const search = page.getByRole('searchbox', { name: t(lang, 'posts.list.search') });
      await search.fill(query);
      await search.press('Enter');
      await page.waitForURL(/\?q=/);
      const card = page.locator('.post-card__title', { hasText: title });
      await card.waitFor();
      assert.equal(await page.locator('.post-card').count(), 1);
      await card.getByRole('link').click();
      await page.waitForURL(new RegExp(`/${lang}/post/${slug}$`));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();

      // Read as the server renders it: title, structured data, the cover's sizes, the body.
      const res = await page.goto(`${site.baseURL}/${lang}/post/${slug}`);
      assert.equal(res.status(), 200);
      const html = await res.text();
      assert.match(html, /"@type":"Article"/);
      assert.match(html, /<strong>Saturdays<\/strong>/);
      assert.doesNotMatch(html, /<script>window\.pwned/);
      await settled(page);
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
      assert.match(await page.title(), new RegExp(title));
      const srcset = await page.locator('img.post-page__cover').getAttribute('srcset');
      assert.match(srcset, /1000w, .* 800w, .* 400w$/);
      await page.locator('.post-tags a', { hasText: `#${tags.split(',')[0]}` }).waitFor();
      assert.equal(await page.evaluate(() => window.pwned), undefined);
      found.push(...(await axe(page, `${lang} post`)));

      // An unknown post: 404, and the page says so.
      const gone = await page.goto(`${site.baseURL}/${lang}/post/no-such-post`);
      assert.equal(gone.status(), 404);
      await settled(page);
      await page.getByRole('heading', { level: 1, name: t(lang, 'posts.read.notFound') }).waitFor();

      assert.deepEqual(found, []);
      assert.deepEqual(unexpected(problems, /HTTP 404: .*\/api\/post\/details\?slug=no-such-post/, /post\/no-such-post: Failed to load resource: .* 404/), []);
      await context.close();
    });
  }
});
