// Validates the parsed config against schemas/emctl.schema.json with ajv and turns ajv's errors
// into one readable message per problem, placed at the key (unknown or missing keys) or at the
// value (bad values). ajv's branch noise (if/then, anyOf) is folded into a single message.

import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { ConfigDocument } from '../core/config-schema/config.js';
import { isGlob } from '../core/repo-patterns.js';
import type { Diagnostic } from './yaml/diagnostics.js';
import { closest, describePath, didYouMean, type Path } from './describe.js';
import { LARGE_MAPS, schemaValidators, type SchemaValidators } from './schema-validators.js';
import { Pointers, type Spot } from './pointers.js';
import { mapKeys, type Placements, type PlacedRoot, type PlainValue } from './yaml/source.js';
import { loadWork } from './yaml/work.js';

export function checkSchema(root: PlacedRoot, store: Placements): Diagnostic[] {
  const out: Diagnostic[] = [];
  const pointers = new Pointers(root.value, { root, store });
  eachProblem(root.value, pointers, (problem, spot) => {
    const placement = (problem.key === undefined ? spot.placement : pointers.placementOf(spot, problem.key)) ?? root.placement;
    const { line, column } = placement.source.position(problem.onKey === true ? placement.key : placement.value);
    out.push({ file: placement.source.path, line, column, message: problem.message, severity: 'error' });
  });
  return out;
}

/** Every schema problem of a config document: what, and where (the key itself when `onKey`). */
export function schemaProblems(doc: PlainValue): { path: Path; onKey: boolean; message: string }[] {
  const out: { path: Path; onKey: boolean; message: string }[] = [];
  eachProblem(doc, new Pointers(doc), (problem, spot) => {
    out.push({ path: problem.key === undefined ? spot.path : [...spot.path, problem.key], onKey: problem.onKey === true, message: problem.message });
  });
  return out;
}

/**
 * Each problem ajv finds in `doc`, explained, with the spot of the value it is about (the problem
 * may name a key of that value to point at). The errors of each validator run are explained as soon as it ends, so that ajv's
 * error objects die young instead of 100,000 of them being kept until the last batch.
 */
function eachProblem(doc: PlainValue, pointers: Pointers, each: (problem: Problem, spot: Spot) => void): void {
  const hints = new KeyHints();
  eachRunErrors(schemaValidators(), doc, (raw) => {
    for (const error of dropExplainedMissingKeys(foldBranches(raw))) {
      const spot = pointers.at(error.instancePath);
      const problem = explain(error, spot.path, hints);
      if (problem) each(problem, spot);
    }
  });
}

const BATCH = 50;

/** Where the value a validator judges sits in the document (ajv's second argument). */
type ValidationContext = NonNullable<Parameters<ValidateFunction>[1]>;

/**
 * ajv's errors for a document, run by validator run (none when it is valid). With allErrors, ajv
 * appends the errors of each entry checked through a $ref by copying the list so far (concat), so
 * a map of 50,000 bad teams cost a minute of CPU; the entries of a large map are therefore checked
 * in batches of 50 by the validator of the map's own schema part, and the rest of the document
 * once with those maps empty. The errors of one run are all about the entries of its batch (or all
 * outside the large maps), so what folds them together (an anyOf and its branches, an unknown key
 * and the missing key it explains) is always within one run.
 */
function eachRunErrors(validators: SchemaValidators, doc: PlainValue, each: (errors: readonly ErrorObject[]) => void): void {
  const validate = (validator: ValidateFunction, value: PlainValue, context?: ValidationContext): boolean => {
    loadWork.schemaValidations++;
    const valid = validator(value, context);
    loadWork.schemaErrors += validator.errors?.length ?? 0;
    return valid;
  };
  const { document } = validators;
  const large = LARGE_MAPS.filter((path) => mapKeys(mapAt(doc, path) ?? {}).length > BATCH);
  if (!validate(document, large.reduce((d, path) => withMapAt(d, path, {}), doc))) each(document.errors ?? []);
  for (const path of large) {
    const map = mapAt(doc, path) ?? {};
    const validator = validators.maps.get(path.join('.')) as ValidateFunction;
    // Where the map sits, so that the errors carry their paths in the whole document.
    const context: ValidationContext = {
      instancePath: path.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''),
      parentData: mapAt(doc, path.slice(0, -1)) ?? {},
      parentDataProperty: path[path.length - 1] ?? '',
      rootData: isRecord(doc) ? doc : {},
      dynamicAnchors: {},
    };
    // Batches without a prototype: V8 makes those dictionaries from the start, where 100,000
    // distinct keys added to plain objects would each make a hidden class (twice the time).
    const newBatch = (): { [key: string]: PlainValue } => Object.create(null) as { [key: string]: PlainValue };
    let batch = newBatch();
    let size = 0;
    const check = (): void => {
      if (!validate(validator, batch, context)) each(validator.errors ?? []);
      batch = newBatch();
      size = 0;
    };
    // forEach, not for-of: until the loop is optimized, for-of makes an iterator result per key.
    mapKeys(map).forEach((key) => {
      batch[key] = map[key] as PlainValue;
      if (++size === BATCH) check();
    });
    if (size > 0) check();
  }
}

function isRecord(v: PlainValue | undefined): v is { [key: string]: PlainValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function mapAt(doc: PlainValue, path: readonly string[]): { [key: string]: PlainValue } | undefined {
  let node: PlainValue | undefined = doc;
  for (const key of path) node = isRecord(node) ? node[key] : undefined;
  return isRecord(node) ? node : undefined;
}

/** A shallow copy of `doc` with the map at `path` replaced (the maps on the way copied, nothing else). */
function withMapAt(doc: PlainValue, path: readonly string[], value: PlainValue): PlainValue {
  const [key, ...rest] = path;
  if (key === undefined || !isRecord(doc)) return value;
  return { ...doc, [key]: rest.length === 0 ? value : withMapAt(doc[key] ?? {}, rest, value) };
}

/** Drops if/then bookkeeping and the sub-errors of anyOf branches (the anyOf error speaks for them). */
function foldBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  // Every root ends in '/', so an error lies under one when one of its own prefixes that end in '/'
  // is in the Set: a lookup per '/' of the error, not a scan of every root per error (a 10k
  // repository config can repeat one anyOf mistake in every entry).
  const branchRoots = new Set(errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => `${e.instancePath}|${e.schemaPath}/`));
  const underRoot = (at: string): boolean => {
    for (let i = at.indexOf('/'); i !== -1; i = at.indexOf('/', i + 1)) if (branchRoots.has(at.slice(0, i + 1))) return true;
    return false;
  };
  return errors.filter((e) => {
    if (e.keyword === 'if' || e.keyword === 'propertyNames') return false;
    return branchRoots.size === 0 || !underRoot(`${e.instancePath}|${e.schemaPath}`);
  });
}

/**
 * `{ nam: x }` reports both "unknown key nam" and "missing key name"; the first says it all
 * (with its did-you-mean), so a missing key that an unknown key of the same object resembles is
 * not reported separately.
 */
function dropExplainedMissingKeys(errors: ErrorObject[]): ErrorObject[] {
  if (!errors.some((e) => e.keyword === 'required')) return errors;
  const unknownKeys = new Map<string, string[]>();
  for (const e of errors) {
    if (e.keyword !== 'additionalProperties') continue;
    const list = unknownKeys.get(e.instancePath) ?? [];
    list.push(String((e.params as { additionalProperty?: unknown }).additionalProperty));
    unknownKeys.set(e.instancePath, list);
  }
  return errors.filter((e) => {
    if (e.keyword !== 'required') return true;
    const missing = String((e.params as { missingProperty?: unknown }).missingProperty);
    return !(unknownKeys.get(e.instancePath) ?? []).some((key) => closest(key, [missing]) === missing);
  });
}

/**
 * What follows "unknown key `x`": where the API key goes instead, or a "did you mean". Kept per
 * object schema and key (up to KEPT_HINTS of each), so 100,000 entries with the same unknown key
 * are compared with the known keys once.
 */
class KeyHints {
  /** Per object schema: its known keys (listed once: 100,000 distinct unknown keys each need them) and the hints kept. */
  private readonly bySchema = new WeakMap<object, { known: string[]; hints: Map<string, string> }>();

  hint(parentSchema: unknown, key: string, topLevel: boolean): string {
    const schema = typeof parentSchema === 'object' && parentSchema !== null ? parentSchema : NO_SCHEMA;
    let kept = this.bySchema.get(schema);
    if (!kept) {
      kept = { known: Object.keys((schema as { properties?: object }).properties ?? {}), hints: new Map() };
      this.bySchema.set(schema, kept);
    }
    const { known, hints } = kept;
    const cacheKey = topLevel ? `^${key}` : key;
    let hint = hints.get(cacheKey);
    if (hint === undefined) {
      hint = looksLikeASecret(key, topLevel) ? `; ${SECRET_HINT}` : didYouMean(key, known);
      if (hints.size < KEPT_HINTS) hints.set(cacheKey, hint);
    }
    return hint;
  }
}

const NO_SCHEMA = {};
const KEPT_HINTS = 1000;

interface Problem {
  message: string;
  /** Point at this key of the error's value rather than at the value itself. */
  key?: string;
  /** Point at the key rather than the value. */
  onKey?: boolean;
}

/** `days`, or `boards[1]` for a list item. */
function subject(path: Path): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'the config';
  if (typeof last === 'number') {
    const parent = path[path.length - 2];
    return `\`${String(parent ?? '')}[${last}]\``;
  }
  return `\`${last}\``;
}

export function show(value: unknown): string {
  if (typeof value === 'string') return `\`${value}\``;
  if (value === null || value === undefined) return 'nothing (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

function kindOf(value: unknown): string {
  if (typeof value === 'string') return `a string (${show(value)})`;
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `a boolean (${value})`;
  return show(value);
}

const TYPE_NOUNS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'a mapping',
  array: 'a list',
  null: 'null',
};

function schemaTitle(error: ErrorObject): string | undefined {
  const title = (error.parentSchema as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : undefined;
}

function explain(error: ErrorObject, path: Path, hints: KeyHints): Problem | undefined {
  const params = error.params as Record<string, unknown>;
  const data: unknown = error.data;
  const title = schemaTitle(error);
  const where = describePath(path);

  if (error.propertyName !== undefined) {
    const key = error.propertyName;
    return { message: `key \`${key}\` in ${where} must be ${title ?? 'a valid key'}`, key, onKey: true };
  }
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      if (key === 'monitored' && isRulePath(path)) {
        return { message: `\`monitored\` is not taken by a rule (${where}): a rule writes settings only; monitoring stays with git.monitoring and literal keys`, key, onKey: true };
      }
      const hint = hints.hint(error.parentSchema, key, path.length === 0);
      return { message: `unknown key \`${key}\` in ${where}${hint}`, key, onKey: true };
    }
    case 'required': {
      const missing = String(params.missingProperty);
      const props = (error.parentSchema as { properties?: object } | undefined)?.properties ?? {};
      if (error.schemaPath.includes('/else/') && 'id' in props && 'name' in props) {
        return { message: `${where} needs \`id\` or \`name\``, onKey: true };
      }
      if (error.schemaPath.includes('/then/') && missing === 'pattern' && data && typeof data === 'object') {
        const method = (data as { method?: unknown }).method;
        return { message: `\`pattern\` is required when \`method\` is ${show(method)}`, onKey: true };
      }
      if (missing === 'settings' && isRulePath(path)) {
        return { message: `${where} needs \`settings:\`: a rule writes the whole override set of every repository it matches (\`settings: {}\` removes their overrides)`, onKey: true };
      }
      return { message: `missing required key \`${missing}\` in ${where}`, onKey: true };
    }
    case 'not': {
      if (error.schemaPath.includes('allOf')) {
        return { message: '`pattern` is not allowed when `method` is `api`', key: 'pattern', onKey: true };
      }
      return { message: `${where} takes \`id\` or \`name\`, not both`, key: 'name', onKey: true };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      if (data === 'deployment' && path[path.length - 1] === 'method') {
        return { message: '`deployment` is read-only (the service reports it but does not accept it); use one of ' + allowed.join(', ') };
      }
      const hint = typeof data === 'string' ? didYouMean(data, allowed) : '';
      return { message: `${subject(path)} must be one of ${allowed.join(', ')}; got ${show(data)}${hint}` };
    }
    case 'const':
      return { message: `${subject(path)} must be ${show(params.allowedValue)}; got ${show(data)}` };
    case 'type': {
      // A file that is one string is likely a key file named with -c by mistake: never echo it.
      if (path.length === 0) return { message: `a config file must hold a mapping (version, teams, git, ...); got ${typeof data === 'string' ? 'a string' : kindOf(data)}` };
      const expected = title ?? TYPE_NOUNS[String(params.type)] ?? String(params.type);
      const quote = typeof data === 'number' && /string|id string|name/.test(expected) && !/integer|numeric/.test(expected)
        ? ` (write it in quotes: "${data}")`
        : '';
      return { message: `${subject(path)} must be ${expected}; got ${kindOf(data)}${quote}` };
    }
    case 'anyOf':
    case 'oneOf':
      return { message: `${subject(path)} must be ${title ?? 'one of the allowed forms'}; got ${kindOf(data)}` };
    case 'minLength':
      return { message: `${subject(path)} must not be empty` };
    case 'maxLength':
      return { message: `${subject(path)} is longer than ${String(params.limit)} characters` };
    case 'minItems':
      return { message: `${subject(path)} needs at least ${String(params.limit)} entry` };
    case 'maxItems':
      return { message: `${subject(path)} takes at most ${String(params.limit)} entries` };
    case 'minProperties':
      return { message: `${where} needs \`percent\` or \`count\``, onKey: true };
    case 'minimum':
    case 'maximum':
      return { message: `${subject(path)} must be ${String(params.comparison)} ${String(params.limit)}; got ${show(data)}` };
    case 'pattern':
      if (path[path.length - 1] === 'until') return { message: `\`until\` must be a date written yyyy-mm-dd; got ${show(data)}` };
      return { message: `${subject(path)} must be ${title ?? `text matching ${String(params.pattern)}`}; got ${show(data)}` };
    default:
      return { message: `${subject(path)} ${error.message ?? 'is invalid'}` };
  }
}

/** `git.repositories.<a key holding * or ?>`: a settings rule. */
function isRulePath(path: Path): boolean {
  const key = path[2];
  return path.length === 3 && path[0] === 'git' && path[1] === 'repositories' && typeof key === 'string' && isGlob(key);
}

/** The API key is never read from a config (it would sit in git, reviewed by everyone): where it is read instead. */
const SECRET_HINT = 'the API key is never read from the config: set EMCTL_API_KEY, or pass --api-key-file PATH';

/**
 * `api_key`, `apiKey`, `emctl_api_key` anywhere; at the top level also `key`, `token`, `secret`,
 * `password`: keys someone writes to put the API key in the file.
 */
function looksLikeASecret(key: string, topLevel: boolean): boolean {
  const word = key.toLowerCase().replace(/[-_\s]/g, '');
  if (/^(emctl)?api(key|token|secret)(file)?$/.test(word)) return true;
  return topLevel && /^(key|token|secret|password)$/.test(word);
}

/**
 * A document the schema found nothing wrong with is what the schema describes: the one place a
 * parsed value becomes a ConfigDocument (src/core/config-schema), from which the model is built
 * without casts.
 */
export function isConfigDocument(doc: PlainValue, problems: readonly unknown[]): doc is PlainValue & ConfigDocument {
  return problems.length === 0 && isRecord(doc);
}
