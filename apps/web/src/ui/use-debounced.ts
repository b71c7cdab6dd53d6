import { useEffect, useState } from 'react';

/** The value, settled `delay` ms after its last change (search boxes, SPEC 9: 500 ms). */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
