// A page's own styles: its stylesheet comes with its chunk as a string (`import css from
// './x.css?inline'`, see ui/build.mjs) and is adopted here when the chunk loads. A constructed
// stylesheet is not inline CSS for the content security policy, and app.css and dash.css —
// which every page downloads — do not grow with each capability's pages.

const adopted = new Set<string>();

/** Adds a stylesheet to the document once (nothing during prerendering or where unsupported). */
export function adoptStyles(css: string): void {
  if (adopted.has(css) || typeof document === 'undefined' || !('adoptedStyleSheets' in document)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted.add(css);
}
