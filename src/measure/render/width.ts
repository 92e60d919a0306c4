// Terminal columns of a text, for the formats that pad cells to line them up (table, the chart's
// legends, the markdown source): string-width's count, which knows East Asian wide characters,
// emoji (also those drawn two columns wide from the older symbol blocks: ☕ ⚡ ✅), joined emoji,
// combining marks and escape sequences. Names come from configs in any script, so counting code
// points would misalign the columns after them.

import stringWidth from 'string-width';

/** Printable ASCII only: one column a character, no need to ask string-width (ten times slower). */
const PLAIN = /^[\x20-\x7e]*$/;

export function displayWidth(text: string): number {
  return PLAIN.test(text) ? text.length : stringWidth(text);
}

/** `text` padded with spaces to `width` columns, on the left when `right` (numbers), else on the right. */
export function padTo(text: string, width: number, right = false): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}
