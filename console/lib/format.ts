/** Dates, durations and numbers as the console shows them: in the reader's own locale and time zone. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const number = new Intl.NumberFormat();

export const formatDateTime = (value: string | Date | null | undefined): string => (value ? dateTime.format(new Date(value)) : '—');
/** A UTC day (`2026-11-26`) as `Nov 26`. */
export const formatDay = (day: string): string => shortDay.format(new Date(`${day}T00:00:00Z`));
export const formatNumber = (value: number): string => number.format(value);
export const formatPercent = (ratio: number): string => `${Math.round(ratio * 100)}%`;

export function formatDuration(from: string, to: string | null | undefined): string {
  if (!to) return '—';
  const seconds = (new Date(to).getTime() - new Date(from).getTime()) / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** A UTC day `days` before today, for date inputs and ranges. */
export function dayBefore(days: number, from = new Date()): string {
  return new Date(from.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}
