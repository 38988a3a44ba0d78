import { invalidInput } from '../errors.ts';

/** The range a report covers when none is given: today and the 29 days before it (UTC). */
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

/** A report's time range: from `from` (included) to `to` (excluded), as Mintlify's `dateFrom` and `dateTo`. */
export interface ReportRange {
  from: Date;
  to: Date;
}

/**
 * `dateFrom` and `dateTo` as Mintlify's analytics API takes them: ISO 8601 (`2026-11-01T12:00:00Z`) or
 * a day (`2026-11-01`, midnight UTC); `dateTo` is excluded. Without `dateTo`, up to the end of today
 * (UTC); without `dateFrom`, the 30 days before `dateTo`: by default, whole days, today's so far included.
 * A date that cannot be read, or a range that ends before it starts, is a 400 naming the parameter.
 */
export function reportRange(dateFrom: string | null | undefined, dateTo: string | null | undefined): ReportRange {
  const to = dateTo ? dateOf(dateTo, 'dateTo') : new Date((Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS);
  const from = dateFrom ? dateOf(dateFrom, 'dateFrom') : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
  if (from.getTime() >= to.getTime()) {
    // Without dateTo, the dateFrom the client gave is what is wrong (a day still to come).
    if (!dateTo)
      throw invalidInput('dateFrom', `dateFrom (${from.toISOString()}) must be before the end of today (${to.toISOString()}) when dateTo is not given.`);
    throw invalidInput('dateTo', `dateTo (${to.toISOString()}) must be after dateFrom (${from.toISOString()}): dateTo is excluded.`);
  }
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

/** The parts of a range the daily and weekly roll-ups hold (days as `2026-11-26`, weeks by their Monday). */
export interface RangeSpans {
  /** The whole UTC days, as instants: what lies outside them is read from the recorded events. */
  from: Date;
  to: Date;
  fromDay: string;
  toDay: string;
  /** The whole weeks (Monday to Sunday) within those days; the days outside them are read per day. */
  fromWeek: string;
  toWeek: string;
}

/**
 * The whole UTC days within a range, from the first midnight at or after its start to the last midnight
 * at or before its end (none, both at its end, when it holds no whole day), and the whole weeks within
 * those days (none, both at the days' end, when they hold no whole week).
 */
export function spansOf(range: ReportRange): RangeSpans {
  const first = Math.ceil(range.from.getTime() / DAY_MS) * DAY_MS;
  const last = Math.floor(range.to.getTime() / DAY_MS) * DAY_MS;
  const [from, to] = first < last ? [first, last] : [range.to.getTime(), range.to.getTime()];
  // 1970-01-01 was a Thursday: Mondays are 4 days after a multiple of 7 days.
  const monday = (time: number, round: typeof Math.ceil) => round((time / DAY_MS - 4) / 7) * 7 * DAY_MS + 4 * DAY_MS;
  const [firstMonday, lastMonday] = [monday(from, Math.ceil), monday(to, Math.floor)];
  const [fromWeek, toWeek] = firstMonday < lastMonday ? [firstMonday, lastMonday] : [to, to];
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: new Date(from), to: new Date(to), fromDay: day(from), toDay: day(to), fromWeek: day(fromWeek), toWeek: day(toWeek) };
}

/** The range widened to whole UTC days. */
export function wholeDaysAround(range: ReportRange): ReportRange {
  return { from: new Date(Math.floor(range.from.getTime() / DAY_MS) * DAY_MS), to: new Date(Math.ceil(range.to.getTime() / DAY_MS) * DAY_MS) };
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
