// Modules the build makes (ui/build.mjs). The whole catalog of a language, merged from
// i18n/<lang>/*.json (messagesPlugin; vitest.config.ts makes the same for the unit tests):
// for prerendering and tests only.
declare module 'gerege:messages/*' {
  const catalog: import('./lib/i18n').Catalog;
  export default catalog;
}
// What the browser gets (catalogPlugin): the core catalog of a language, and loaders of the
// catalog sections that only some pages use (see routes.tsx, `sections`).
declare module 'gerege:catalog/*' {
  const catalog: import('./lib/i18n').Catalog;
  export default catalog;
}
declare module 'gerege:sections/*' {
  const sections: Record<string, () => Promise<{ default: import('./lib/i18n').Catalog }>>;
  export default sections;
}
// A page's own stylesheet as a string (ui/build.mjs inlineCss; Vite does the same in vitest),
// adopted with lib/styles.ts when the page's chunk loads.
declare module '*.css?inline' {
  const css: string;
  export default css;
}
