import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { App } from '../../../../app/App';
import { renderAt } from '../../../../test/render';

describe('/pricing', () => {
  it.each([
    ['en', 'Enterprise Starter', 'MNT 49,000', 'Unlimited open postings'],
    ['mn', 'Байгууллага Эхлэл', '49 000₮', 'Нээлттэй зар хязгааргүй'],
  ] as const)('shows the seeded plans with their prices and limits before the live ones come (%s)', async (lang, name, price, unlimited) => {
    const { container } = renderAt(<App />, { lang, path: `/${lang}/pricing` });
    expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
    expect(container.textContent).toContain(price);
    expect(container.textContent).toContain(unlimited);
    // Paid plans lead to /payment with their id; the free plan does not.
    const links = [...container.querySelectorAll('a[href*="/payment?plan="]')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([`/${lang}/payment?plan=2`, `/${lang}/payment?plan=3`]);
  });
});
