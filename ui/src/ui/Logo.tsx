/** The Gerege mark: a rounded gerege (paiza) tablet with a ring, drawn inline so it needs no request. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg class="logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="4" y="2" width="24" height="28" rx="8" fill="currentColor" />
      <circle class="logo-mark__ring" cx="16" cy="16" r="6.5" fill="none" stroke-width="2.5" />
      <circle class="logo-mark__dot" cx="16" cy="7" r="1.6" />
    </svg>
  );
}
