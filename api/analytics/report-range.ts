import { invalidInput } from '../errors.ts';

/** The range a report covers when none is given: the last 30 days. */
const DEFAULT_DAYS = 30;

/** A report's time range: from `from` (included) to `to` (excluded), as Mintlify's `dateFrom` and `dateTo`. */
export interface ReportRange {
  from: Date;
  to: Date;
}

/**
 * `dateFrom` and `dateTo` as Mintlify's analytics API takes them: ISO 8601 (`2026-11-01T12:00:00Z`) or
 * a day (`2026-11-01`, midnight UTC); `dateTo` is excluded. Without them, the 30 days up to now.
 * A date that cannot be read, or a range that ends before it starts, is a 400 naming the parameter.
 */
export function reportRange(dateFrom: string | null | undefined, dateTo: string | null | undefined): ReportRange {
  const to = dateTo ? dateOf(dateTo, 'dateTo') : new Date();
  const from = dateFrom ? dateOf(dateFrom, 'dateFrom') : new Date(to.getTime() - DEFAULT_DAYS * 86_400_000);
  if (from.getTime() >= to.getTime())
    throw invalidInput('dateTo', `dateTo (${to.toISOString()}) must be after dateFrom (${from.toISOString()}): dateTo is excluded.`);
  return { from, to };
}

function dateOf(value: string, field: string): Date {
  const text = value.trim();
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const isInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text);
  const date = new Date(isDay ? `${text}T00:00:00Z` : text);
  if ((!isDay && !isInstant) || Number.isNaN(date.getTime()) || (isDay && date.toISOString().slice(0, 10) !== text)) {
    throw invalidInput(field, `${field} must be a date, 2026-11-01, or an ISO 8601 time, 2026-11-01T12:00:00Z; got "${value.slice(0, 40)}".`);
  }
  return date;
}

/**
 * The whole UTC days within a range, as instants and as days (for the daily roll-ups): from the first
 * midnight at or after its start to the last midnight at or before its end; none (both at its end) when it
 * holds no whole day. What lies outside them is read from the recorded events.
 */
export function wholeDaysOf(range: ReportRange): { from: Date; to: Date; fromDay: string; toDay: string } {
  const day = 86_400_000;
  const first = Math.ceil(range.from.getTime() / day) * day;
  const last = Math.floor(range.to.getTime() / day) * day;
  const [from, to] = first < last ? [new Date(first), new Date(last)] : [range.to, range.to];
  return { from, to, fromDay: from.toISOString().slice(0, 10), toDay: to.toISOString().slice(0, 10) };
}

/** A page size within a report's bounds, or a 400 naming `limit`. */
export function reportLimit(limit: number | null | undefined, bounds: { max: number; default: number }): number {
  if (limit == null) return bounds.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > bounds.max) throw invalidInput('limit', `limit must be a whole number from 1 to ${bounds.max}.`);
  return limit;
}

/** Where a page of rows ordered newest first ends: the last row's time and id, opaque to the client. */
export interface KeysetCursor {
  at: Date;
  id: string;
}

export function encodeCursor(cursor: KeysetCursor | number): string {
  return Buffer.from(JSON.stringify(typeof cursor === 'number' ? { o: cursor } : { t: cursor.at.toISOString(), i: cursor.id })).toString('base64url');
}

/** A cursor this API gave out, or a 400 naming `cursor`. */
export function decodeKeysetCursor(cursor: string | null | undefined): KeysetCursor | undefined {
  if (!cursor) return undefined;
  const value = parseCursor(cursor) as { t?: unknown; i?: unknown } | undefined;
  const at = typeof value?.t === 'string' ? new Date(value.t) : undefined;
  if (!at || Number.isNaN(at.getTime()) || typeof value?.i !== 'string') throw badCursor();
  return { at, id: value.i };
}

/** An offset cursor (reports ordered by a count), or a 400 naming `cursor`. */
export function decodeOffsetCursor(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const value = parseCursor(cursor) as { o?: unknown } | undefined;
  if (typeof value?.o !== 'number' || !Number.isInteger(value.o) || value.o < 0) throw badCursor();
  return value.o;
}

function parseCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
}

const badCursor = () => invalidInput('cursor', 'cursor is not one this API gave: pass the nextCursor of the previous page as it is.');
