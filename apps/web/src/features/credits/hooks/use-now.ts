import { useEffect, useState } from 'react';
import { renderNow } from '../../../lib/first-render';

/** The current time, re-read every second while `until` lies in the future (live countdowns). */
export function useNow(until: Date | null, intervalMs = 1_000): Date {
  const [now, setNow] = useState(renderNow);
  const untilMs = until?.getTime() ?? null;

  useEffect(() => {
    if (untilMs === null) return;
    const id = setInterval(() => {
      const current = new Date();
      setNow(current);
      if (current.getTime() >= untilMs) clearInterval(id);
    }, intervalMs);
    return () => clearInterval(id);
  }, [untilMs, intervalMs]);

  return now;
}
