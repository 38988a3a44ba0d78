/**
 * A repository file's bytes as the text its reader sees: UTF-8, without the byte-order mark some editors
 * write first (Windows' Notepad), which neither JSON nor frontmatter expects before their first character.
 */
export function fileText(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
