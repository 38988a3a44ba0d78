/**
 * How a Markdown table's row reads in chunk text: its cells between pipes, "| firstName | Basic |
 * user.firstName |", a pipe inside a cell as "\|", an empty cell as "–" (trimming would lose it, and
 * a leading "-" would read as a bullet). Deployment writes rows so; the offline answer model reads them back (its passages, its tables).
 */
const EMPTY_CELL = '–';

/** A pipe inside a cell ("string \| number") stays escaped, as Markdown writes it: " | " is between cells. */
const CELL_PIPE = '\\|';

/** `escapedPipe`: what stands for a pipe inside a cell in `cells`. */
export function tableRowText(cells: string[], escapedPipe?: string): string {
  const text = (cell: string) => (escapedPipe ? cell.replaceAll(escapedPipe, CELL_PIPE) : cell).trim() || EMPTY_CELL;
  return `| ${cells.map(text).join(' | ')} |`;
}

/** Whether a line of chunk text is a Markdown table's row (not a line that only has pipes in it). */
export function isTableRowText(line: string): boolean {
  return line.startsWith('| ') && line.endsWith(' |');
}

/** The cells of a row as `tableRowText` wrote it ('' for an empty one); a line without outer pipes is split at its " | ". */
export function cellsOfTableRow(line: string): string[] {
  const inner = isTableRowText(line) ? line.slice(2, -2) : line;
  return inner.split(' | ').map((cell) => (cell === EMPTY_CELL ? '' : cell));
}
