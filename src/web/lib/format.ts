// Follower counts are abbreviated: K from 1,000, M from 1,000,000, one decimal.
export function formatCount(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value.replace(/,/g, '')) : (value ?? 0);
  if (!Number.isFinite(n)) return '0';
  if (Math.abs(n) >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (Math.abs(n) >= 1_000) return `${(n / 1_000).toFixed(1)}K`;
  return String(n);
}

// Sizes in the upload summary are shown in KB.
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

// Time left of a run, from its measured pace: "about 3 min", "under a minute", "about 1 h 20 min".
export function formatEta(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  if (seconds < 60) return 'under a minute';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

// Success rate = valid / total × 100, one decimal.
export function successRate(valid: number, total: number): string {
  return total > 0 ? `${((valid / total) * 100).toFixed(1)}%` : '0.0%';
}

/** An amount in the currency's minor unit (Stripe's cents) as money: 3999 usd → "$39.99". */
export function formatMoney(money: { amount: number; currency: string }): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: money.currency.toUpperCase() }).format(
    money.amount / 100,
  );
}

/** A date as "24 Nov 2026" (UTC, so the server's dates read the same everywhere). */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A moment as "24 Nov 2026, 14:05" in the reader's time zone: the one date-and-time format of the app. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A time of day as "14:05" (or "14:05:09"), in the reader's time zone, for what happens today. */
export function formatTime(iso: string, opts: { seconds?: boolean } = {}): string {
  return new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    ...(opts.seconds ? { second: '2-digit' } : {}),
  });
}

/** A calendar month "2026-11" as "Nov 2026" (the usage chart's axis). */
export function formatMonth(ym: string): string {
  return new Date(`${ym}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
