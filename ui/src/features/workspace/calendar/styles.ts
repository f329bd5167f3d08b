// The calendar's few styles, adopted by its pages when they load (a constructed stylesheet:
// the shared stylesheet every page downloads has no room left under the first-load budget,
// and a constructed sheet is not inline CSS for the content security policy).
const CSS = `
.cal-grid{table-layout:fixed}
.cal-grid td{vertical-align:top;height:5rem}
.cal-grid th,.cal-grid td{padding:.2rem}
.cal-grid td[aria-selected=true]{outline:2px solid var(--pico-primary)}
.cal-grid td[aria-current=date] .cal-num{text-decoration:underline 3px}
.cal-grid ul,.cal-agenda ul{padding:0;margin:0}
.cal-grid li,.cal-agenda li{list-style:none;margin:0}
.cal-chip{width:100%;margin:0 0 2px;padding:0 .2rem;font-size:.75rem;text-align:left;overflow:hidden}
.cal-chip--appointment{background:#1a7f4b;border-color:#1a7f4b}
.cal-chip--deadline{background:#8a3d00;border-color:#8a3d00}
.cal-agenda .cal-chip{font-size:1rem}
.cal button{padding:.3rem .6rem}
.booking-item{list-style:none;padding:.5rem 0;border-bottom:1px solid var(--pico-muted-border-color)}
@media (max-width:600px){.cal-grid td{height:4rem;padding:0}.cal-chip{font-size:.6rem}}
`;

let adopted = false;

/** Adds the calendar's styles to the document once (nothing during prerendering). */
export function adoptStyles(): void {
  if (adopted || typeof document === 'undefined' || !('adoptedStyleSheets' in document)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted = true;
}
