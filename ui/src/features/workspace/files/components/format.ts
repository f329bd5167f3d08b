import type { TFunction } from 'i18next';

/** A size in bytes as people read it: "812 B", "14.2 KB", "3.5 MB", "2.0 GB". */
export function formatSize(t: TFunction, bytes: number): string {
  const units: [string, number][] = [
    ['gb', 1 << 30],
    ['mb', 1 << 20],
    ['kb', 1 << 10],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) return t(`fileManager.size.${unit}`, { n: (bytes / size).toFixed(1) });
  }
  return t('fileManager.size.b', { n: bytes });
}
