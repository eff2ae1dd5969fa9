import { useEffect, useState } from 'react';

/**
 * The time in unix seconds, renewed every `everyMs` (so "due in …" counts down, and "Today"
 * turns into "Yesterday", while shown).
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
