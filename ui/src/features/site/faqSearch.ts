import type { FaqData } from './data';

/** The words of a query, lower-cased in the page's language (Cyrillic included). */
export const queryWords = (query: string, lang: string): string[] =>
  query.toLocaleLowerCase(lang).split(/\s+/).filter(Boolean);

/**
 * The categories and entries that contain every word of the query, case-insensitively, in the
 * question, the answer or the category's name. Empty categories are left out; an empty query
 * keeps everything.
 */
export function filterFaq(data: FaqData, query: string, lang: string): FaqData {
  const words = queryWords(query, lang);
  if (!words.length) return data;
  const categories = data.categories
    .map((c) => ({
      ...c,
      entries: c.entries.filter((e) => {
        const hay = `${c.name}\n${e.question}\n${e.answer}`.toLocaleLowerCase(lang);
        return words.every((w) => hay.includes(w));
      }),
    }))
    .filter((c) => c.entries.length > 0);
  return { categories };
}

export const countEntries = (data: FaqData): number => data.categories.reduce((n, c) => n + c.entries.length, 0);
