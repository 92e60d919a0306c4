// Terminal columns of a text, for the formats that pad cells to line them up (table, the chart's
// legends, the markdown source): a CJK ideograph, a Hangul syllable, a fullwidth form or an emoji
// takes two columns (emoji joined by ZWJ or with a skin tone: two in all), a combining mark or a
// zero-width character none, anything else one. Names come from configs in any script, so
// counting code points would misalign the columns after them.

const WIDE =
  /[\u1100-\u115f\u231a\u231b\u2329\u232a\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f680}-\u{1f6ff}\u{1f900}-\u{1f9ff}\u{1fa70}-\u{1faff}\u{20000}-\u{3fffd}]/u;
const ZERO = /[\p{Mn}\p{Me}\u200b-\u200f\u2060\ufeff]/u;

/** A skin-tone modifier: drawn into the emoji before it, no column of its own. */
const MODIFIER = /[\u{1f3fb}-\u{1f3ff}]/u;
const ZWJ = '\u200d';

export function displayWidth(text: string): number {
  let width = 0;
  // After a zero-width joiner the next symbol is drawn into the one before it (👨‍👩‍👧 is one
  // family emoji, two columns), so it adds nothing.
  let joined = false;
  for (const ch of text) {
    // Printable ASCII, the common case, without a regular expression.
    const code = ch.charCodeAt(0);
    if (code >= 0x20 && code < 0x7f) width += joined ? 0 : 1;
    else if (ch === ZWJ) {
      joined = true;
      continue;
    } else if (ZERO.test(ch) || MODIFIER.test(ch)) continue;
    else if (!joined) width += WIDE.test(ch) ? 2 : 1;
    joined = false;
  }
  return width;
}

/** `text` padded with spaces to `width` columns, on the left when `right` (numbers), else on the right. */
export function padTo(text: string, width: number, right = false): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}
