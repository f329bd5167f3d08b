import { useEffect, useState } from 'react';

/** The SVG path of a QR matrix: one unit square per dark module, merged along each row. */
export function qrPath(modules: boolean[][]): string {
  let d = '';
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let w = 1;
      while (row[x + w]) w++;
      d += `M${x} ${y}h${w}v1h-${w}z`;
      x += w - 1;
    }
  });
  return d;
}

/**
 * A QR code drawn here as inline SVG (no image service). The encoder is loaded only when a
 * code is shown, so it costs nothing on the first load of a page.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    import('uqr').then(({ encode }) => {
      if (live) setModules(encode(value, { ecc: 'M', border: 4 }).data);
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!modules) return <div class="qr qr--loading" aria-hidden="true" />;
  const size = modules.length;
  return (
    <svg class="qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shape-rendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(modules)} fill="#000" />
    </svg>
  );
}
