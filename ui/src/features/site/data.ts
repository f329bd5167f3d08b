// The shapes of the site's content, as the API returns it (in one language) and as the build
// puts it into the catalog under "data" (from i18n/content/*, for prerendering).
import type { i18n as I18n } from 'i18next';

export interface FaqEntry {
  id?: number;
  slug: string;
  question: string;
  answer: string;
}
export interface FaqCategory {
  id: string;
  name: string;
  entries: FaqEntry[];
}
export interface FaqData {
  categories: FaqCategory[];
}

export interface University {
  slug: string;
  name: string;
  city: string;
  website?: string;
}
export interface Destination {
  id: string;
  name: string;
  summary: string;
  universities: University[];
}
export interface UniversitiesData {
  destinations: Destination[];
}

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: string[];
}
export interface LegalVersion {
  effective: string;
  summary: string;
  sections: LegalSection[];
}
export interface LegalDocument {
  title: string;
  versions: LegalVersion[];
}

/** Content the build put into the catalog (catalog section "data.<path>"). */
export function catalogData<T>(i18n: I18n, path: string): T | undefined {
  return i18n.getResource(i18n.language, 'translation', `data.${path}`) as T | undefined;
}

/** The support address until /api/meta says otherwise. */
export const DEFAULT_SUPPORT_EMAIL = 'support@gerege.mn';

/** Fills {{supportEmail}} in content text. */
export const fillSupportEmail = (text: string, email: string): string => text.split('{{supportEmail}}').join(email);
