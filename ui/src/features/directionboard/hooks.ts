import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clockOffset, minutesLeft, msLeft } from './timer';

/** The server's clock offset for an answer that carried `now`, measured when it arrived. */
export const offsetOf = (serverNow: string): number => clockOffset(serverNow, Date.now());

/**
 * Minutes left until `deadlineAt` on the server's clock, checked every second but changing
 * (and re-rendering) only when the minute does. `onTimeUp` runs once when the time is over.
 */
export function useMinutesLeft(deadlineAt: string | undefined, offset: number, onTimeUp?: () => void): number | undefined {
  const [minutes, setMinutes] = useState(() => (deadlineAt ? minutesLeft(msLeft(deadlineAt, offset, Date.now())) : undefined));
  // The latest callback, for the interval below (set after rendering, not during it).
  const timeUp = useRef(onTimeUp);
  useLayoutEffect(() => {
    timeUp.current = onTimeUp;
  });
  useEffect(() => {
    if (!deadlineAt) return;
    const read = () => minutesLeft(msLeft(deadlineAt, offset, Date.now()));
    let fired = false;
    const tick = () => {
      const m = read();
      setMinutes(m);
      if (m === 0 && !fired) {
        fired = true;
        timeUp.current?.();
      }
    };
    tick();
    const handle = setInterval(tick, 1000);
    // Timers are slowed in background tabs: look again as soon as the page is seen.
    const onVisible = () => document.visibilityState === 'visible' && tick();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(handle);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [deadlineAt, offset]);
  return minutes;
}
