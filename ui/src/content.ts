// The site's content from i18n/content, in one language, for prerendering (ssr.tsx) and tests.
// The browser gets the same through catalog sections ("data.faq" …) and then from the API.
import faqSeed from '../../i18n/content/faq.seed.json';
import legalEn from '../../i18n/content/legal.en.json';
import legalMn from '../../i18n/content/legal.mn.json';
import countries from '../../i18n/content/countries.json';
import universitiesSeed from '../../i18n/content/universities.seed.json';
import type { Lang } from './lib/i18n';
import type { FaqData, LegalDocument, UniversitiesData } from './features/site/data';
import { popularOf } from './features/site/popular';

type Text = Record<Lang, string>;

export function faqData(lang: Lang): FaqData {
  return {
    categories: faqSeed.categories
      .map((c) => ({
        id: c.id,
        name: (c.name as Text)[lang],
        entries: faqSeed.entries
          .filter((e) => e.category === c.id)
          .map((e) => ({ slug: e.id, question: (e.question as Text)[lang], answer: (e.answer as Text)[lang] })),
      }))
      .filter((c) => c.entries.length > 0),
  };
}

export function universitiesData(lang: Lang): UniversitiesData {
  return {
    destinations: universitiesSeed.destinations.map((d) => ({
      id: d.id,
      name: (d.name as Text)[lang],
      summary: (d.summary as Text)[lang],
      universities: d.universities.map((u) => ({
        slug: u.id,
        name: (u.name as Text)[lang],
        city: (u.city as Text)[lang],
        ...('website' in u && u.website ? { website: u.website as string } : {}),
      })),
    })),
  };
}

export function legalData(lang: Lang): Record<string, LegalDocument> {
  return (lang === 'mn' ? legalMn : legalEn).documents as Record<string, LegalDocument>;
}

/** Country names by ISO code (CLDR, as the server names them in exports). */
export function countriesData(lang: Lang): Record<string, string> {
  return Object.fromEntries(Object.entries(countries).map(([code, names]) => [code, (names as Text)[lang]]));
}

/** Everything under "data" in the catalog of a language. */
export const contentData = (lang: Lang) => ({
  data: { faq: faqData(lang), faqPopular: popularOf(faqData(lang).categories), universities: universitiesData(lang), legal: legalData(lang), countries: countriesData(lang) },
});
