const usdFormatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const countFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const uploadDateFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** 7 → "07": clock digits. */
export const pad2 = (value: number): string => String(value).padStart(2, '0');

/** Movie runtime in minutes → "2h 7m" / "45m". Invalid or negative input shows "0m". */
export function formatRuntime(minutes: number): string {
  const total = Number.isFinite(minutes) && minutes > 0 ? Math.floor(minutes) : 0;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}

/** Player time: "m:ss", or "h:mm:ss" from one hour on. Invalid or negative input shows "0:00". */
export function formatClipTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  return hours > 0 ? `${hours}:${pad2(minutes)}:${pad2(secs)}` : `${minutes}:${pad2(secs)}`;
}

/** Bytes as megabytes for people: "50 MB", "7.5 MB" (one decimal unless whole). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** A count for people, grouped by thousands: 2410 → "2,410". */
export function formatCount(count: number): string {
  return countFormatter.format(count);
}

export function formatUsd(cents: number): string {
  return usdFormatter.format(cents / 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

const DOLLARS_PATTERN = /^(\d*)(?:\.(\d*))?$/;

/**
 * Parses a non-negative dollar amount into integer cents by string parsing, so 19.99 is
 * exactly 1999. More than two significant decimals, negatives, NaN and empty input give null.
 */
export function dollarsToCents(value: number | string): number | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = String(value).trim();
  const match = DOLLARS_PATTERN.exec(text);
  if (match === null) return null;
  const whole = match[1] ?? '';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (whole === '' && (match[2] ?? '') === '') return null;
  if (fraction.length > 2) return null;
  const cents = Number(whole === '' ? '0' : whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** e.g. "21 Nov 2026", in the runtime's local time zone. */
export function formatUploadDate(date: Date): string {
  return uploadDateFormatter.format(date);
}
