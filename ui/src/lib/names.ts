/** Names in the order the language writes them: Mongolian puts the surname first. */
export const nameOrder = (lang: string): ('firstName' | 'lastName')[] => (lang === 'mn' ? ['lastName', 'firstName'] : ['firstName', 'lastName']);

/** A person's full name as the language writes it: "Anu Bold", "Болд Ану". */
export const fullName = (lang: string, first: string, last: string): string =>
  nameOrder(lang)
    .map((f) => (f === 'firstName' ? first : last).trim())
    .filter(Boolean)
    .join(' ');
