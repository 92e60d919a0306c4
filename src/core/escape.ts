// Text from the service or the config is data, not terminal control (DESIGN 8): a team named
// "\x1b]0;pwned\x07" must not retitle the terminal, clear the screen or hide a line of a plan.
// Every renderer of text for people (plan text with and without colour, Markdown, the comments of
// exported YAML, measurement CSV, tables, Markdown and HTML) passes data through escapeControl.
// The bidirectional controls are escaped too: a right-to-left override (U+202E) in a name makes
// the rest of its line read backwards, so a line can show something other than what it holds.
// JSON.stringify writes the C0 controls as \u escapes itself; jsonWithBidiEscaped does the same for
// the bidirectional ones, which it leaves raw.

/**
 * C0 controls (ESC, BEL, line breaks, tab...), DEL, the C1 controls (U+0080-U+009F, 8-bit CSI
 * among them), and the bidirectional marks, embeddings, overrides and isolates.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

function visible(c: string): string {
  const code = c.charCodeAt(0);
  return SHORT[c] ?? (code > 0xff ? unicodeEscape(c) : `\\x${code.toString(16).padStart(2, '0')}`);
}

/**
 * JSON text with each bidirectional control written as its \u escape: the same data for a reader
 * of the JSON, and no line of it that reads backwards in a terminal or a review. (Outside strings
 * JSON holds none of them, so the escape is always inside one.)
 */
export function jsonWithBidiEscaped(json: string): string {
  return json.replace(BIDI, unicodeEscape);
}

/**
 * Markdown text from data made inert for GitHub and its kind: an `@name` no longer mentions (and
 * notifies) a person or a team, and a bare URL (`https://…`, `www.…`) or address is no longer
 * linked, as Dependabot and Renovate do: a zero-width space (as its entity) after the `@`, before
 * a scheme's `://` and after `www`. It reads the same. One pass per rule, linear in the text.
 */
export function inertMarkdown(text: string): string {
  if (!/@|:\/\/|www\./i.test(text)) return text;
  return text
    .replace(/@(?=[\p{L}\p{N}_-])/gu, '@&#8203;')
    .replace(/:\/\//g, '&#8203;://')
    .replace(/\b(www)(?=\.)/gi, '$1&#8203;');
}

/**
 * `text` with every control character written as a visible escape (`\x1b`, `\x07`, `\n`, `\t`),
 * so it prints as one inert line. Text without one is returned as it is (the common case).
 */
export function escapeControl(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROLS, visible) : text;
}

/**
 * A copy of plain data (JSON-like: objects, arrays, strings, numbers) with escapeControl applied to
 * every string and object key; what holds no control character is shared, not copied. For a
 * renderer to call on what it is given, never on the data a plan is built from.
 */
export function escapeControlDeep<T>(value: T): T {
  return escapeValue(value) as T;
}

function escapeValue(value: unknown): unknown {
  if (typeof value === 'string') return escapeControl(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = escapeValue(value[i]);
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  // Only plain records are copied; anything with a prototype of its own (a Map, a Date) is left as is.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const k = escapeControl(key);
    const v = escapeValue(item);
    if (k !== key || v !== item) changed = true;
    entries.push([k, v]);
  }
  return changed ? Object.fromEntries(entries) : value;
}
