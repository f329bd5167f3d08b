/**
 * The questions the support centre shows first (those that exist). The build puts just these
 * into the catalog ("data.faqPopular"), so the support centre does not carry the whole FAQ.
 */
export const POPULAR = ['forgot-password', 'delete-account', 'support-response', 'cancel-subscription', 'report-content', 'id-verification'];

export interface PopularQuestion {
  slug: string;
  question: string;
}

/** The popular questions, in POPULAR's order, out of FAQ categories. */
export const popularOf = (categories: { entries: PopularQuestion[] }[]): PopularQuestion[] => {
  const entries = categories.flatMap((c) => c.entries);
  return POPULAR.flatMap((slug) => {
    const e = entries.find((x) => x.slug === slug);
    return e ? [{ slug: e.slug, question: e.question }] : [];
  });
};
