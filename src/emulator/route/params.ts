// Reading request input the way the service does: every query parameter declared, none unknown or
// repeated, typed with limits; problems collected as Pydantic-style {type, loc, msg} items and
// refused together with the family's validation status (400 on PM routes, 422 on Git routes).

import type { ValidationErrorItem } from '../../contract/types.js';
import { invalid } from './reply.js';

type Loc = (string | number)[];

/**
 * Problems listed in one refusal at most; past them a last item says how many more there were. A
 * body of 100,000 bad items (10 MB allows that) would otherwise build and send a detail list far
 * larger than the body.
 */
export const MAX_LISTED_ISSUES = 100;

/** Problems of one request, collected so that all are refused at once (the first MAX_LISTED_ISSUES listed). */
export class Issues {
  private readonly listed: ValidationErrorItem[] = [];
  private total = 0;

  add(loc: Loc, type: string, msg: string): void {
    this.total++;
    if (this.listed.length < MAX_LISTED_ISSUES) this.listed.push({ type, loc, msg });
  }

  /** Problems found so far, the unlisted ones included. */
  get count(): number {
    return this.total;
  }

  /** The detail list of the refusal: the listed problems, then one item counting the rest. */
  get items(): ValidationErrorItem[] {
    return cappedIssues(this.listed, this.total);
  }

  /** Throws the collected problems as one refusal. */
  throwIfAny(status: number): void {
    if (this.total > 0) throw invalid(status, this.items);
  }
}

/** `listed` (the first problems) and, when `total` is more, one last item saying how many more. */
export function cappedIssues(listed: readonly ValidationErrorItem[], total: number): ValidationErrorItem[] {
  const shown = listed.slice(0, MAX_LISTED_ISSUES);
  if (total <= shown.length) return shown;
  const more = total - shown.length;
  return [...shown, { type: 'too_many_errors', loc: [], msg: `${more} more problem${more === 1 ? '' : 's'} not listed; the first ${shown.length} are` }];
}

const INT = /^-?\d+$/;
const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

export function parseIntStrict(raw: string): number | undefined {
  return INT.test(raw.trim()) ? Number(raw.trim()) : undefined;
}

/**
 * How a route takes parameters it does not declare: `strict` refuses unknown and repeated ones (the
 * documented routes); `lenient` ignores unknown ones and takes the last of a repeated one, as the
 * service's framework does for the routes the spec does not show (DESIGN.md section 13).
 */
export type QueryMode = 'strict' | 'lenient';

/** Query parameters of one request, checked against the route's declared names. */
export class Query {
  readonly issues = new Issues();
  private readonly values = new Map<string, string>();

  constructor(
    params: URLSearchParams,
    allowed: readonly string[],
    readonly status: number,
    mode: QueryMode = 'strict',
  ) {
    const seen = new Map<string, number>();
    for (const [name, value] of params) {
      seen.set(name, (seen.get(name) ?? 0) + 1);
      if (allowed.includes(name)) this.values.set(name, value);
      else if (mode === 'strict') this.issues.add(['query', name], 'extra_forbidden', 'Unknown query parameter');
    }
    if (mode === 'lenient') return;
    for (const [name, n] of seen) {
      if (n > 1 && allowed.includes(name)) {
        this.issues.add(['query', name], 'repeated_parameter', 'Query parameter given more than once; pass several values comma-separated');
      }
    }
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  string(name: string, limits: { min?: number; max?: number } = {}): string | undefined {
    const v = this.values.get(name);
    if (v === undefined) return undefined;
    if (limits.min !== undefined && v.length < limits.min) {
      this.issues.add(['query', name], 'string_too_short', `String should have at least ${limits.min} character${limits.min === 1 ? '' : 's'}`);
    } else if (limits.max !== undefined && v.length > limits.max) {
      this.issues.add(['query', name], 'string_too_long', `String should have at most ${limits.max} characters`);
    }
    return v;
  }

  int(name: string, limits: { min?: number; max?: number; required?: boolean } = {}): number | undefined {
    const raw = this.values.get(name);
    if (raw === undefined) {
      if (limits.required) this.issues.add(['query', name], 'missing', 'Field required');
      return undefined;
    }
    const n = parseIntStrict(raw);
    if (n === undefined) {
      this.issues.add(['query', name], 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
      return undefined;
    }
    return checkRange(this.issues, ['query', name], n, limits);
  }

  bool(name: string): boolean | undefined {
    const raw = this.values.get(name);
    if (raw === undefined) return undefined;
    const v = raw.toLowerCase();
    if (TRUE.includes(v)) return true;
    if (FALSE.includes(v)) return false;
    this.issues.add(['query', name], 'bool_parsing', 'Input should be a valid boolean, unable to interpret input');
    return undefined;
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const raw = this.values.get(name);
    if (raw === undefined) return undefined;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    this.issues.add(['query', name], 'enum', `Input should be ${values.map((v) => `'${v}'`).join(' or ')}`);
    return undefined;
  }

  /** A comma-separated list of enum values. */
  list<T extends string>(name: string, values: readonly T[]): T[] | undefined {
    const raw = this.values.get(name);
    if (raw === undefined) return undefined;
    const parts = raw.split(',').map((p) => p.trim());
    const bad = parts.filter((p) => !(values as readonly string[]).includes(p));
    if (bad.length > 0) {
      this.issues.add(['query', name], 'enum', `Unknown value ${bad.map((b) => `'${b}'`).join(', ')}; allowed: ${values.join(', ')}`);
      return undefined;
    }
    return parts as T[];
  }

  /** A comma-separated list of integer ids (>= 1), at most `max` of them. */
  ids(name: string, max?: number): number[] | undefined {
    const raw = this.values.get(name);
    if (raw === undefined) return undefined;
    const parts = raw.split(',').map((p) => p.trim());
    const ids = parts.map(parseIntStrict);
    if (parts.some((p) => p === '') || ids.some((n) => n === undefined || n < 1)) {
      this.issues.add(['query', name], 'int_parsing', 'Expected comma-separated integer ids (>= 1)');
      return undefined;
    }
    if (max !== undefined && ids.length > max) {
      this.issues.add(['query', name], 'too_long', `At most ${max} ids are allowed, got ${ids.length}`);
      return undefined;
    }
    return ids as number[];
  }

  /** Throws when any parameter was unknown, repeated or invalid. */
  done(): void {
    this.issues.throwIfAny(this.status);
  }
}

export function checkRange(issues: Issues, loc: Loc, n: number, limits: { min?: number; max?: number }): number | undefined {
  if (limits.min !== undefined && n < limits.min) {
    issues.add(loc, 'greater_than_equal', `Input should be greater than or equal to ${limits.min}`);
    return undefined;
  }
  if (limits.max !== undefined && n > limits.max) {
    issues.add(loc, 'less_than_equal', `Input should be less than or equal to ${limits.max}`);
    return undefined;
  }
  return n;
}

/** An integer path parameter (e.g. team_id, repo_id) with its minimum. */
export function pathInt(raw: string, name: string, status: number, min = 1): number {
  const issues = new Issues();
  const n = parseIntStrict(raw);
  if (n === undefined) issues.add(['path', name], 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
  else checkRange(issues, ['path', name], n, { min });
  issues.throwIfAny(status);
  return n!;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reports fields of `obj` not in `allowed` as extra_forbidden. */
export function noExtraFields(issues: Issues, loc: Loc, obj: Record<string, unknown>, allowed: readonly string[]): void {
  for (const k of Object.keys(obj)) if (!allowed.includes(k)) issues.add([...loc, k], 'extra_forbidden', 'Extra inputs are not permitted');
}

/** A required integer body field >= min. */
export function bodyInt(issues: Issues, loc: Loc, v: unknown, min = 1): number | undefined {
  if (v === undefined) {
    issues.add(loc, 'missing', 'Field required');
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    issues.add(loc, 'int_type', 'Input should be a valid integer');
    return undefined;
  }
  return checkRange(issues, loc, v, { min });
}

/** A body list with length limits. */
export function bodyList(issues: Issues, loc: Loc, v: unknown, limits: { min?: number; max?: number; required?: boolean }): unknown[] | undefined {
  if (v === undefined) {
    if (limits.required !== false) issues.add(loc, 'missing', 'Field required');
    return undefined;
  }
  if (!Array.isArray(v)) {
    issues.add(loc, 'list_type', 'Input should be a valid list');
    return undefined;
  }
  if (limits.min !== undefined && v.length < limits.min) {
    issues.add(loc, 'too_short', `List should have at least ${limits.min} item${limits.min === 1 ? '' : 's'} after validation, not ${v.length}`);
    return undefined;
  }
  if (limits.max !== undefined && v.length > limits.max) {
    issues.add(loc, 'too_long', `List should have at most ${limits.max} items after validation, not ${v.length}`);
    return undefined;
  }
  return v;
}
