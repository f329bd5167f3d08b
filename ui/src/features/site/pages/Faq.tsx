// The Help Center and the FAQ: the entries grouped by category, searchable as you type, each
// answer linkable at /faq#<slug>. Prerendered from the seed content, refreshed from /api/faq.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { get } from '../../../lib/api';
import { localize } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import type { Lang } from '../../../lib/i18n';
import { catalogData, type FaqData } from '../data';
import { countEntries, filterFaq } from '../faqSearch';
import { PageIntro } from '../components/parts';
import { useDebounced } from '../../../lib/api';

const H = 'pages.helpCenter';
const F = 'pages.faq';
export const SEARCH_DELAY_MS = 150;

/** The FAQ in the page's language: the prerendered seed first, then what the API says. */
export function useFaq(): FaqData {
  const { i18n } = useTranslation();
  const [data, setData] = useState<FaqData>(() => catalogData<FaqData>(i18n, 'faq') ?? { categories: [] });
  useEffect(() => {
    let live = true;
    get<FaqData>('/faq').then(
      (d) => live && setData(d),
      () => {}, // keep what we have
    );
    return () => {
      live = false;
    };
  }, []);
  return data;
}


/** Opens the <details> the URL's hash names, and brings it into view. */
function useOpenFromHash(deps: unknown) {
  useEffect(() => {
    const open = () => {
      const id = decodeURIComponent(location.hash.slice(1));
      const el = id ? document.getElementById(id) : null;
      if (el instanceof HTMLDetailsElement && !el.open) {
        el.open = true;
        el.scrollIntoView?.({ block: 'start' });
        el.querySelector('summary')?.focus({ preventScroll: true });
      }
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, [deps]);
}

async function copyLink(url: string, t: (k: string) => string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(t(`${F}.copied`));
  } catch {
    toast.error(t(`${F}.copyFailed`));
  }
}

/** The searchable list. `topics` adds links to each category. */
function FaqBrowser({ id, topics }: { id: string; topics?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const data = useFaq();
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, SEARCH_DELAY_MS);
  const shown = filterFaq(data, settled, lang);
  const count = countEntries(shown);
  const searching = settled.trim() !== '';
  useOpenFromHash(data);
  const input = useRef<HTMLInputElement>(null);

  return (
    <div class="faq">
      <form class="faq__search" onSubmit={(e) => e.preventDefault()}>
        <label for={`${id}-q`}>{t(`${H}.searchLabel`)}</label>
        <input
          ref={input}
          id={`${id}-q`}
          type="search"
          name="q"
          autoComplete="off"
          placeholder={t(`${H}.searchPlaceholder`)}
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value)}
        />
      </form>
      <p class="faq__status" role="status">
        {searching && count > 0 ? t(`${F}.results`, { count }) : ''}
      </p>
      {searching && count === 0 && (
        <p class="faq__empty">
          {t(`${H}.noResults`, { query: settled.trim() })} <Link href="/support-center">{t(`${H}.contactCta`)}</Link>
        </p>
      )}
      {topics && !searching && (
        <nav aria-labelledby={`${id}-topics`} class="jump-links">
          <h2 id={`${id}-topics`}>{t(`${H}.topics`)}</h2>
          <ul>
            {shown.categories.map((c) => (
              <li key={c.id}>
                <a href={`#topic-${c.id}`}>{c.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {shown.categories.map((c) => (
        <section key={c.id} id={`topic-${c.id}`} aria-labelledby={`topic-${c.id}-h`} class="faq__category">
          <h2 id={`topic-${c.id}-h`}>{c.name}</h2>
          {c.entries.map((e) => (
            <details key={e.slug} id={e.slug} class="faq__entry">
              <summary>{e.question}</summary>
              <p>{e.answer}</p>
              <button
                type="button"
                class="secondary outline faq__copy"
                aria-label={t(`${F}.copyLinkTo`, { question: e.question })}
                onClick={() => copyLink(`${location.origin}${localize(lang, '/faq')}#${e.slug}`, t)}
              >
                {t(`${F}.copyLink`)}
              </button>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}

export function HelpCenter() {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={t(`${H}.title`)} lead={t(`${H}.lead`)} />
      <FaqBrowser id="help" topics />
      <section aria-labelledby="more-help-h" class="more-help">
        <h2 id="more-help-h">{t(`${H}.more`)}</h2>
        <ul>
          <li>
            <Link href="/faq">{t('layout.footer.faq')}</Link>
          </li>
          <li>
            <Link href="/support-center">{t('layout.footer.supportCenter')}</Link>
          </li>
          <li>
            <Link href="/contact-us">{t('layout.footer.contactUs')}</Link>
          </li>
          <li>
            <Link href="/terms">{t('layout.footer.terms')}</Link>
          </li>
          <li>
            <Link href="/privacy">{t('layout.footer.privacy')}</Link>
          </li>
          <li>
            <Link href="/community-standards">{t('layout.footer.communityStandards')}</Link>
          </li>
        </ul>
      </section>
    </>
  );
}

export function Faq() {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={t(`${F}.title`)} lead={t(`${F}.lead`)} />
      <FaqBrowser id="faq" />
      <p class="faq__more">
        {t(`${H}.contactPrompt`)} <Link href="/support-center">{t(`${H}.contactCta`)}</Link>
      </p>
    </>
  );
}
