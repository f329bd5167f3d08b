import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * The open state of a menu that closes when the page changes: it is open at the location
 * where it was opened, so navigating closes it without an effect that resets state after
 * rendering (react-hooks/set-state-in-effect).
 */
export function useOpenHere(): [boolean, (open: boolean) => void] {
  const [location] = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const setOpen = useCallback((open: boolean) => setOpenAt(open ? location : null), [location]);
  return [openAt === location, setOpen];
}
