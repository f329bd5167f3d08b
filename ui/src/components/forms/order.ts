/** Names in the order the language writes them: Mongolian puts the surname first. */
export const nameOrder = (lang: string): ('firstName' | 'lastName')[] => (lang === 'mn' ? ['lastName', 'firstName'] : ['firstName', 'lastName']);
