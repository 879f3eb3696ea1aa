/**
 * The time the dashboard counts at, moved on every minute, so a page left
 * open crosses midnight into the next day's periods.
 */
import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
