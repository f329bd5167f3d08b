// The test's introduction in both languages, from the same content the server serves
// (i18n/content/directionboard.*.json): the prerendered page shows it before the API answers.
// Only these three fields are imported, so the items and type descriptions stay out of the bundle.
import { instructions as enInstructions, intro as enIntro, title as enTitle } from '../../../../i18n/content/directionboard.en.json';
import { instructions as mnInstructions, intro as mnIntro, title as mnTitle } from '../../../../i18n/content/directionboard.mn.json';
import type { Lang } from '../../lib/i18n';

export interface IntroContent {
  title: string;
  intro: string;
  instructions: string[];
}

export const introContent: Record<Lang, IntroContent> = {
  en: { title: enTitle, intro: enIntro, instructions: enInstructions },
  mn: { title: mnTitle, intro: mnIntro, instructions: mnInstructions },
};
