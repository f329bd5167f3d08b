// The test's clock. The server keeps the deadline; the page only shows how long is left. The
// visitor's clock may be wrong, so the page measures how far it is from the server's (the
// `now` of every answer) and counts on the server's time.

/** How far the server's clock is ahead of this one, in ms: server now − Date.now(). */
export const clockOffset = (serverNow: string, clientNow: number): number => {
  const at = Date.parse(serverNow);
  return Number.isNaN(at) ? 0 : at - clientNow;
};

/** Milliseconds left until the deadline, on the server's clock. */
export const msLeft = (deadlineAt: string, offset: number, clientNow: number): number =>
  Date.parse(deadlineAt) - (clientNow + offset);

/** Whole minutes left, rounded up ("1 minute left" until the very end); 0 once time is up. */
export const minutesLeft = (ms: number): number => (ms > 0 ? Math.ceil(ms / 60_000) : 0);

/** Minutes left at which screen readers hear the time; never more often. */
export const THRESHOLDS = [10, 5, 1] as const;

/**
 * The threshold to announce when the minutes left go from `prev` to `next`: the lowest one
 * crossed (a tab woken from the background may skip several), or undefined. The first reading
 * (`prev` undefined) announces nothing: the time is on screen already.
 */
export function crossedThreshold(prev: number | undefined, next: number): number | undefined {
  if (prev === undefined || next <= 0) return undefined;
  let hit: number | undefined;
  for (const t of THRESHOLDS) if (next <= t && t < prev) hit = t;
  return hit;
}
