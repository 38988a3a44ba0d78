/**
 * How a Markdown table's row reads in chunk text: its cells between pipes, "| firstName | Basic |
 * user.firstName |", an empty cell as "–" (trimming would lose it, and a leading "-" would read as a
 * bullet). Deployment writes rows so; the offline answer model reads them back (its passages, its tables).
 */
const EMPTY_CELL = '–';

export function tableRowText(cells: string[]): string {
  return `| ${cells.map((cell) => cell.trim() || EMPTY_CELL).join(' | ')} |`;
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
