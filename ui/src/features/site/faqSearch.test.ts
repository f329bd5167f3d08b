// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { faqData } from '../../content';
import type { FaqData } from './data';
import { countEntries, filterFaq, queryWords } from './faqSearch';

const data: FaqData = {
  categories: [
    {
      id: 'programs',
      name: 'Хөтөлбөрүүд',
      entries: [
        { slug: 'admission', question: 'Элсэлт хэзээ эхлэх вэ?', answer: 'Их сургуулийн элсэлт 6-р сард эхэлнэ.' },
        { slug: 'volunteer', question: 'Сайн дурын хөтөлбөрт хэн оролцох вэ?', answer: '16 наснаас дээш залуус.' },
      ],
    },
    {
      id: 'accounts',
      name: 'Accounts',
      entries: [
        { slug: 'forgot-password', question: 'I forgot my password', answer: 'Use “Forgot password?” on the sign-in page.' },
        { slug: 'delete', question: 'How do I delete my account?', answer: 'From your profile page.' },
      ],
    },
  ],
};

const slugs = (d: FaqData) => d.categories.flatMap((c) => c.entries.map((e) => e.slug));

describe('FAQ search', () => {
  it('matches Cyrillic whatever the case: "ЭЛСЭЛТ" finds "элсэлт"', () => {
    expect(slugs(filterFaq(data, 'ЭЛСЭЛТ', 'mn'))).toEqual(['admission']);
    expect(slugs(filterFaq(data, 'элсэлт', 'mn'))).toEqual(['admission']);
    expect(slugs(filterFaq(data, 'СаЙн ДуРыН', 'mn'))).toEqual(['volunteer']);
  });

  it('matches Latin whatever the case, in the question or the answer', () => {
    expect(slugs(filterFaq(data, 'PASSWORD', 'en'))).toEqual(['forgot-password']);
    expect(slugs(filterFaq(data, 'profile PAGE', 'en'))).toEqual(['delete']);
  });

  it('needs every word, matches category names, and drops empty categories', () => {
    expect(slugs(filterFaq(data, 'password delete', 'en'))).toEqual([]);
    expect(slugs(filterFaq(data, 'accounts', 'en'))).toEqual(['forgot-password', 'delete']);
    expect(filterFaq(data, 'password', 'en').categories.map((c) => c.id)).toEqual(['accounts']);
  });

  it('keeps everything for an empty or blank query', () => {
    expect(filterFaq(data, '', 'en')).toBe(data);
    expect(filterFaq(data, '   ', 'mn')).toBe(data);
    expect(queryWords('  Нууц   ҮГ ', 'mn')).toEqual(['нууц', 'үг']);
  });

  it('works on the real content in both languages', () => {
    for (const lang of ['en', 'mn'] as const) {
      const all = faqData(lang);
      expect(countEntries(all)).toBeGreaterThan(20);
      const upper = filterFaq(all, lang === 'en' ? 'REFUND' : 'БУЦААН ОЛГО', lang);
      expect(slugs(upper)).toContain('refunds');
    }
  });
});
