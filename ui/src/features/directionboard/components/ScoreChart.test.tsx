import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { ScoreChart } from './ScoreChart';

const scores = [
  { type: 'S', name: 'Social', score: 83 },
  { type: 'E', name: 'Enterprising', score: 70 },
  { type: 'A', name: 'Artistic', score: 61 },
  { type: 'I', name: 'Investigative', score: 40 },
  { type: 'R', name: 'Realistic', score: 12 },
  { type: 'C', name: 'Conventional', score: 0 },
];

describe('ScoreChart', () => {
  it('draws six bars as long as the scores', () => {
    const { container } = renderAt(<ScoreChart id="chart" scores={scores} />);
    const bars = [...container.querySelectorAll('rect.bar-fill')];
    expect(bars).toHaveLength(6);
    expect(bars.map((b) => b.getAttribute('width'))).toEqual(['83%', '70%', '61%', '40%', '12%', '0%']);
  });

  it('is one image with a label that says every score', () => {
    const { getByRole } = renderAt(<ScoreChart id="chart" scores={scores} />);
    const img = getByRole('img');
    expect(img.tagName.toLowerCase()).toBe('svg');
    expect(img.getAttribute('aria-label')).toBe(
      'Scores out of 100: Social (S) 83, Enterprising (E) 70, Artistic (A) 61, Investigative (I) 40, Realistic (R) 12, Conventional (C) 0',
    );
  });

  it('has a table of the same scores for screen readers', () => {
    const { container } = renderAt(<ScoreChart id="chart" scores={scores} />);
    const table = container.querySelector('table')!;
    expect(table.querySelector('caption')?.textContent).toBe('Scores by interest type, out of 100');
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td')?.textContent]);
    expect(rows).toEqual(scores.map((s) => [`${s.name} (${s.type})`, String(s.score)]));
  });

  it('keeps bars inside 0–100 and speaks Mongolian on mn pages', () => {
    const { getByRole, container } = renderAt(<ScoreChart id="chart" scores={[{ type: 'S', name: 'Нийгмийн', score: 140 }]} />, { lang: 'mn' });
    expect(container.querySelector('rect.bar-fill')?.getAttribute('width')).toBe('100%');
    expect(getByRole('img').getAttribute('aria-label')).toBe('Авсан оноо (хамгийн ихдээ 100): Нийгмийн (S) 100');
  });
});
