import type { RouteMatch } from './routes.ts';

/**
 * Every analytics list as CSV (`?format=csv` or `Accept: text/csv`): one row per entry of the report's
 * list (a report without one is one row), one column per field, nested values (an answer's sources)
 * as JSON, quoted as RFC 4180 says. Made from the JSON answer, so both always hold the same data.
 */
export function asksForCsv(request: Request, match: RouteMatch | undefined): boolean {
  if (match?.route.kind !== 'json' || !match.route.queryParams?.format) return false;
  const format = new URL(request.url).searchParams.get('format');
  if (format) return format === 'csv';
  const accept = request.headers.get('accept') ?? '';
  return /\btext\/csv\b/i.test(accept) && !/application\/json/i.test(accept);
}

export async function csvResponse(json: Response, name: string): Promise<Response> {
  const body = (await json.json()) as Record<string, unknown>;
  const list = Object.values(body).find(Array.isArray) as Record<string, unknown>[] | undefined;
  const rows = list ?? [body];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [columns.map(cell).join(','), ...rows.map((row) => columns.map((column) => cell(row[column])).join(','))];
  return new Response(`${lines.join('\r\n')}\r\n`, {
    status: json.status,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}.csv"` },
  });
}

function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // What readers typed is opened in spreadsheets: a cell that would start a formula is kept as text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
