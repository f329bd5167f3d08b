// The data a server-rendered page carries for its app: <script type="application/json"
// id="page-data">. Read once per page load (it describes the page the browser opened, not
// the ones the app moves to afterwards, which check it with `fits`).

let cache: { value: unknown } | undefined;

function read(): unknown {
  if (cache) return cache.value;
  let value: unknown;
  const el = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (el?.textContent) {
    try {
      value = JSON.parse(el.textContent);
    } catch {
      value = undefined;
    }
  }
  cache = { value };
  return value;
}

/** The page's data when there is some and `fits` says it is the one wanted. */
export function readPageData<T>(fits: (data: T) => boolean): T | undefined {
  const value = read();
  return value && typeof value === 'object' && fits(value as T) ? (value as T) : undefined;
}

/** For tests: read the document again. */
export const resetPageData = () => {
  cache = undefined;
};
