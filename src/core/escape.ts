// Text from the service or the config is data, not terminal control (DESIGN 8): a team named
// "\x1b]0;pwned\x07" must not retitle the terminal, clear the screen or hide a line of a plan.
// Every renderer of text for people (plan text with and without colour, Markdown, the comments of
// exported YAML, measurement CSV, tables, Markdown and HTML) passes data through escapeControl.
// JSON needs nothing: JSON.stringify already writes these characters as \u escapes.

/** C0 controls (ESC, BEL, line breaks, tab...), DEL and the C1 controls (U+0080-U+009F, 8-bit CSI among them). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

const SHORT: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function visible(c: string): string {
  return SHORT[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
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
