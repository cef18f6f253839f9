const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The UTC hour and day a moment falls in, and when each turns (the budget's windows). */
export function windowsAt(now: Date) {
  const t = now.getTime();
  const hour = Math.floor(t / HOUR_MS) * HOUR_MS;
  const day = Math.floor(t / DAY_MS) * DAY_MS;
  return { hour: new Date(hour), day: new Date(day), hourEnds: hour + HOUR_MS, dayEnds: day + DAY_MS };
}

/** The per-domain ceiling's scope. */
export const domainScope = (domain: string) => `d:${domain}`;
