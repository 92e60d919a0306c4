// Checks a route's 200 answer against its schema (response-schemas.ts) before anything reads it:
// a body that does not match is an ApiError naming the route and the field, never a plan built on
// `undefined`. Routes without a schema (the emulator's admin routes) are not checked.
//
// The validators are ajv's, compiled at build time (scripts/precompile-response-shapes.mjs writes
// them beside this module as standalone code, so a run neither loads ajv's compiler nor compiles
// anything); when that file is missing or was made from other schemas (running from the
// TypeScript sources), a route's validator is compiled here the first time it is needed.

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { RESPONSE_SCHEMAS } from './response-schemas.js';

/** The precompiled validators `npm run build` writes beside this module. */
export const PRECOMPILED_SHAPES = './response-shape-validators.cjs';

/** ajv's options, at build time and at run time alike. The first mismatch is enough to refuse an answer. */
export const SHAPES_AJV_OPTIONS: Options = { strict: true, allowUnionTypes: true, allErrors: false };

/**
 * Each distinct schema once (routes share them: five answer a repository configuration), in a
 * fixed order: schema i is exported as `s<i>` by the precompiled module.
 */
const ROUTES_BY_SCHEMA = groupRoutesBySchema();
export const DISTINCT_SHAPES: readonly object[] = [...ROUTES_BY_SCHEMA.values()].map((routes) => RESPONSE_SCHEMAS[routes[0] ?? ''] as object);

/** The index in DISTINCT_SHAPES of each route's schema. */
const SHAPE_OF_ROUTE = new Map([...ROUTES_BY_SCHEMA.values()].flatMap((routes, i) => routes.map((route) => [route, i] as const)));

/** Routes by the JSON text of their schema, routes sorted, so the order is the same in every build. */
function groupRoutesBySchema(): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const route of Object.keys(RESPONSE_SCHEMAS).sort()) {
    const text = JSON.stringify(RESPONSE_SCHEMAS[route]);
    const routes = groups.get(text);
    if (routes) routes.push(route);
    else groups.set(text, [route]);
  }
  return groups;
}

/** A digest of the schemas: a precompiled module is used only for the schemas it was made from. */
export function shapesDigest(): string {
  return createHash('sha256').update(JSON.stringify(DISTINCT_SHAPES)).digest('hex');
}

const require = createRequire(import.meta.url);
let validators: (ValidateFunction | undefined)[] | undefined;
let compiler: { compile(schema: object): ValidateFunction } | undefined;

/** Whether answers of `route` are checked. */
export function hasResponseShape(route: string): boolean {
  return SHAPE_OF_ROUTE.has(route);
}

/**
 * Checks a parsed 200 body against its route's shape: undefined when it matches (or the route has
 * none), else the first mismatch in words, naming the field (`field items[3].id is missing`).
 */
export function responseShapeProblem(route: string, body: unknown): string | undefined {
  const validate = validatorFor(route);
  if (validate === undefined || validate(body)) return undefined;
  const error = validate.errors?.[0];
  return error ? describeError(error) : 'the body does not match';
}

function validatorFor(route: string): ValidateFunction | undefined {
  const index = SHAPE_OF_ROUTE.get(route);
  if (index === undefined) return undefined;
  validators ??= precompiled() ?? [];
  let validate = validators[index];
  if (validate === undefined) {
    if (compiler === undefined) {
      const { default: Ajv } = require('ajv') as { default: new (options: Options) => { compile(schema: object): ValidateFunction } };
      compiler = new Ajv(SHAPES_AJV_OPTIONS);
    }
    validate = compiler.compile(DISTINCT_SHAPES[index] as object);
    validators[index] = validate;
  }
  return validate;
}

function precompiled(): ValidateFunction[] | undefined {
  let module: Record<string, unknown>;
  try {
    module = require(PRECOMPILED_SHAPES) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (module.shapesSha256 !== shapesDigest()) return undefined;
  return DISTINCT_SHAPES.map((_shape, i) => module[`s${i}`] as ValidateFunction);
}

// ---- ajv's error in words -----------------------------------------------------------------------

function describeError(error: ErrorObject): string {
  const at = fieldPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `field ${join(at, String(params.missingProperty))} is missing`;
    case 'additionalProperties':
      return `${subject(join(at, String(params.additionalProperty)))} is not documented in this answer`;
    case 'type':
      return `${subject(at)} must be ${describeType(([] as unknown[]).concat(params.type).map(String))}`;
    case 'enum':
      return `${subject(at)} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'minLength':
      return `${subject(at)} is empty`;
    case 'minimum':
    case 'maximum':
      return `${subject(at)} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}`;
    default:
      return `${subject(at)} ${error.message ?? 'does not match'}`;
  }
}

/** `/items/3/scope/boards/0/id` as `items[3].scope.boards[0].id`. */
function fieldPath(pointer: string): string {
  let at = '';
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    at = /^\d+$/.test(segment) ? `${at}[${segment}]` : join(at, segment);
  }
  return at;
}

function join(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}

function subject(at: string): string {
  return at === '' ? 'the body' : `field ${at}`;
}

function describeType(types: readonly string[]): string {
  const word = (n: string) => (n === 'array' ? 'a list' : n === 'object' ? 'an object' : n === 'null' ? 'null' : n === 'integer' ? 'a whole number' : `a ${n}`);
  return types.map(word).join(' or ');
}
