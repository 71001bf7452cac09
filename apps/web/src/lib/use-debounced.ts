import { useEffect, useState } from 'react';

/** The value debounced: it changes once it has stopped changing for `ms` (typing or panning asks the server once, not per step). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
