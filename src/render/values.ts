// How plan values (canonical JSON: scalars, arrays, plain objects) are written for people: a compact
// one-line form for scope lists and scalars, and a YAML-like block form for settings sections that
// a line diff can compare. Object keys are sorted so the same value always reads the same, whatever
// order the planner happened to build it in.

/** Lists longer than this are cut with "... and N more": a scope of 500 repositories is not read, it is counted. */
export const MAX_LIST_ITEMS = 10;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy with object keys sorted and undefined turned into null (what JSON.stringify would drop). */
export function canonical(value: unknown): Json {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(canonical);
  if (isPlainObject(value)) {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort()) {
      if (value[key] !== undefined) out[key] = canonical(value[key]);
    }
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** Identity of a value for set comparison: equal values give equal keys regardless of key order. */
export function identityKey(value: unknown): string {
  return JSON.stringify(canonical(value));
}

/** `"a"` -> `"a"`, `[1, 2]`, `{id: "x", value: ["A"]}`; lists cut after `max` items. */
export function compact(value: unknown, max = MAX_LIST_ITEMS): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${joinLimited(value.map((v) => compact(v, max)), max)}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort().filter((k) => value[k] !== undefined);
    return `{${keys.map((k) => `${objectKey(k)}: ${compact(value[k], max)}`).join(', ')}}`;
  }
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

/** `a, b, c` or, past `max`, `a, b, ... and 490 more`. */
export function joinLimited(items: string[], max = MAX_LIST_ITEMS): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')}, ... and ${items.length - max} more`;
}

/**
 * A settings section as YAML-like lines, one scalar per line, so a line diff shows exactly which
 * field or list element changed. null (the section absent on that side) is no lines at all.
 */
export function blockLines(value: unknown, depth = 0): string[] {
  if (value === undefined || value === null) return [];
  const pad = '  '.repeat(depth);
  if (Array.isArray(value)) {
    return value.flatMap((item) =>
      isLeaf(item) ? [`${pad}- ${compact(item)}`] : [`${pad}-`, ...blockLines(item, depth + 1)],
    );
  }
  if (isPlainObject(value)) {
    return Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .flatMap((key) => {
        const item = value[key];
        return isLeaf(item)
          ? [`${pad}${objectKey(key)}: ${compact(item)}`]
          : [`${pad}${objectKey(key)}:`, ...blockLines(item, depth + 1)];
      });
  }
  return [`${pad}${compact(value)}`];
}

/** Scalars and empty containers fit on their key's line. */
function isLeaf(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return true;
}

function objectKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) ? key : JSON.stringify(key);
}

/** "1 object", "3 objects". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
