// Field readers for measurement bodies, lax like the service's framework (api-notes.md: clients
// send ids as strings "42" and booleans as "false", and the service coerces them; a string that is
// not a number is still 422). Each reader adds Pydantic-style {type, loc, msg} items to `issues` and
// returns undefined for a bad or absent value, so one pass reports every problem at once.

import type { Issues } from '../route/params.js';

export type Loc = (string | number)[];

const INT_TEXT = /^\s*[-+]?\d+\s*$/;
const TRUE_TEXT = new Set(['true', 't', 'yes', 'y', 'on', '1']);
const FALSE_TEXT = new Set(['false', 'f', 'no', 'n', 'off', '0']);

/** An integer, also as a string of digits or a whole float (Pydantic's lax mode). */
export function laxInt(issues: Issues, loc: Loc, v: unknown, limits: { min?: number; gt?: number } = {}): number | undefined {
  let n: number | undefined;
  if (typeof v === 'number' && Number.isInteger(v)) n = v;
  else if (typeof v === 'string' && INT_TEXT.test(v)) n = Number(v.trim());
  else if (typeof v === 'string') return void issues.add(loc, 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
  else return void issues.add(loc, 'int_type', 'Input should be a valid integer');
  if (limits.gt !== undefined && !(n > limits.gt)) return void issues.add(loc, 'greater_than', `Input should be greater than ${limits.gt}`);
  if (limits.min !== undefined && n < limits.min) return void issues.add(loc, 'greater_than_equal', `Input should be greater than or equal to ${limits.min}`);
  return n;
}

/** A boolean, also as "true"/"false"/"yes"/"no"/"1"/"0" or the integers 1 and 0. */
export function laxBool(issues: Issues, loc: Loc, v: unknown): boolean | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (TRUE_TEXT.has(t)) return true;
    if (FALSE_TEXT.has(t)) return false;
    return void issues.add(loc, 'bool_parsing', 'Input should be a valid boolean, unable to interpret input');
  }
  return void issues.add(loc, 'bool_type', 'Input should be a valid boolean');
}

export function str(issues: Issues, loc: Loc, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  return void issues.add(loc, 'string_type', 'Input should be a valid string');
}

export function oneOf<T extends string>(issues: Issues, loc: Loc, v: unknown, values: readonly T[]): T | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
  const list = values.map((x) => `'${x}'`);
  const text = list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}` : list[0];
  return void issues.add(loc, 'enum', `Input should be ${text}`);
}

/** A list with length limits; its items are checked by the caller. */
export function list(issues: Issues, loc: Loc, v: unknown, limits: { min?: number; max?: number } = {}): unknown[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) return void issues.add(loc, 'list_type', 'Input should be a valid list');
  if (limits.min !== undefined && v.length < limits.min) {
    return void issues.add(loc, 'too_short', `List should have at least ${limits.min} item${limits.min === 1 ? '' : 's'} after validation, not ${v.length}`);
  }
  if (limits.max !== undefined && v.length > limits.max) {
    return void issues.add(loc, 'too_long', `List should have at most ${limits.max} item${limits.max === 1 ? '' : 's'} after validation, not ${v.length}`);
  }
  return v;
}

/** A list of integers (lax); undefined when absent or when any item is bad. */
export function intList(issues: Issues, loc: Loc, v: unknown, limits: { min?: number; max?: number; check?: (n: number) => string | undefined } = {}): number[] | undefined {
  const items = list(issues, loc, v, limits);
  if (!items) return undefined;
  const before = issues.count;
  const out: number[] = [];
  items.forEach((item, i) => {
    const n = laxInt(issues, [...loc, i], item);
    if (n === undefined) return;
    const problem = limits.check?.(n);
    if (problem) issues.add([...loc, i], 'value_error', problem);
    out.push(n);
  });
  return issues.count > before ? undefined : out;
}

export function required(issues: Issues, loc: Loc, v: unknown): boolean {
  if (v !== undefined) return true;
  issues.add(loc, 'missing', 'Field required');
  return false;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a yyyy-mm-dd date at 00:00Z, or undefined when it is not a real date. */
export function dateMs(text: string): number | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text ? ms : undefined;
}
