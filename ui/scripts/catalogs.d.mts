// Types of catalogs.mjs, for the TypeScript that imports it (vitest.config.ts, tests).
type Tree = { [key: string]: string | Tree };
export interface CatalogFile {
  lang: string;
  name: string;
  rel: string;
  path: string;
  tree: Tree;
}
export const LANGS: string[];
export const I18N_DIR: string;
export function catalogFiles(lang: string, dir?: string): CatalogFile[];
export function mergeFiles(files: CatalogFile[]): { catalog: Tree; problems: string[] };
export function loadCatalogs(dir?: string): Record<string, Tree>;
