/** How blocks nest in Markdown: list items and quotes, whose lines carry a prefix. */

/** A list item: its marker on the first line, the rest indented under it. */
export function listItem(marker: string, body: string): string {
  return indent(body, ' '.repeat(marker.length + 1), `${marker} `).trimEnd() || marker;
}

/** Every line behind `> ` (a block quote). */
export function quote(body: string): string {
  return body
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** Lines prefixed with `prefix`, the first with `first`; blank lines stay blank. */
function indent(body: string, prefix: string, first = prefix): string {
  return body
    .split('\n')
    .map((line, index) => (index === 0 ? first + line : line ? prefix + line : ''))
    .join('\n');
}
