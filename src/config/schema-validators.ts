// The config schema's validators (schemas/emctl.schema.json): the whole document's, and one per
// large map's part of the schema, precompiled at build time (scripts/precompile-schema.mjs) or
// compiled here with ajv when running from the TypeScript sources.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Options, ValidateFunction } from 'ajv/dist/2020.js';

export const SCHEMA_URL = new URL('../../schemas/emctl.schema.json', import.meta.url);

/** The precompiled validator `npm run build` writes beside this module (scripts/precompile-schema.mjs). */
export const PRECOMPILED_VALIDATOR = './emctl-schema-validator.cjs';

/** ajv's options for the config schema, at run time and when precompiling alike. */
export const SCHEMA_AJV_OPTIONS: Options = { strict: true, allowUnionTypes: true, allErrors: true, verbose: true };

/** A digest of the schema text: a precompiled validator is used only for the schema it was made from. */
export function schemaDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const require = createRequire(import.meta.url);

/** The key the schema is added under in ajv, so that its parts can be named `emctl#/properties/...`. */
const SCHEMA_KEY = 'emctl';

/**
 * Maps whose entries all follow one sub-schema and may number tens of thousands: `teams` and
 * `git.repositories`. Each gets a validator of its own schema part, run on batches of its entries.
 */
export const LARGE_MAPS: readonly (readonly string[])[] = [['teams'], ['git', 'repositories']];

/**
 * Keywords a large map's schema part may use: each judges one entry (its key or its value) on its
 * own, so checking the entries batch by batch finds exactly what checking the whole map would.
 * A keyword about the set (`required`, `minProperties`, ...) would need the whole map at once.
 */
const ENTRY_WISE = new Set(['type', 'title', 'description', '$comment', 'properties', 'propertyNames', 'patternProperties', 'additionalProperties']);

/** The validators of the schema: the whole document, and each large map's part by its path (`git.repositories`). */
export interface SchemaValidators {
  document: ValidateFunction;
  maps: ReadonlyMap<string, ValidateFunction>;
}

/**
 * What the precompiled module exports, by name: `document` for the whole schema, and each large
 * map's schema part under its path (`git.repositories`), as refs into the schema added under
 * SCHEMA_KEY. Throws when a large map's part is missing or uses a keyword that is not entry-wise.
 */
export function schemaExports(schema: unknown): Record<string, string> {
  const refs: Record<string, string> = { document: SCHEMA_KEY };
  for (const path of LARGE_MAPS) {
    let part: unknown = schema;
    for (const key of path) part = isPlainObject(part) && isPlainObject(part.properties) ? part.properties[key] : undefined;
    if (!isPlainObject(part)) throw new Error(`the schema has no part for the map ${path.join('.')}`);
    const other = Object.keys(part).filter((keyword) => !ENTRY_WISE.has(keyword));
    if (other.length > 0) throw new Error(`the schema part of ${path.join('.')} uses ${other.join(', ')}, which cannot be judged entry by entry`);
    refs[path.join('.')] = `${SCHEMA_KEY}#${path.map((key) => `/properties/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
  }
  return refs;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

let compiled: SchemaValidators | undefined;

/**
 * The schema's validators, once per process: those precompiled at build time when they match the
 * schema (loading them costs a few ms), else compiled here with ajv (about 200 ms, and ajv itself
 * is loaded only then; this is the path when running from the TypeScript sources).
 */
export function schemaValidators(): SchemaValidators {
  if (!compiled) {
    const text = readFileSync(SCHEMA_URL, 'utf8');
    const names = ['document', ...LARGE_MAPS.map((path) => path.join('.'))];
    // The precompiled module passed schemaExports' checks when it was built from this same schema.
    const functions = precompiled(schemaDigest(text), names) ?? compileSchema(text);
    const document = functions.document as ValidateFunction;
    compiled = { document, maps: new Map(LARGE_MAPS.map((path) => [path.join('.'), functions[path.join('.')] as ValidateFunction])) };
  }
  return compiled;
}

function precompiled(digest: string, names: readonly string[]): Record<string, ValidateFunction> | undefined {
  let module: Record<string, unknown>;
  try {
    module = require(PRECOMPILED_VALIDATOR) as typeof module;
  } catch {
    return undefined;
  }
  if (module.schemaSha256 !== digest || !names.every((name) => typeof module[name] === 'function')) return undefined;
  return module as Record<string, ValidateFunction>;
}

function compileSchema(text: string): Record<string, ValidateFunction> {
  const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  // optimize off: a third less compile time (paid on every run), validation just as fast.
  const ajv = new Ajv2020({ ...SCHEMA_AJV_OPTIONS, code: { optimize: false } });
  const schema = JSON.parse(text) as object;
  const refs = schemaExports(schema);
  ajv.addSchema(schema, SCHEMA_KEY);
  const out: Record<string, ValidateFunction> = {};
  for (const [name, ref] of Object.entries(refs)) {
    const validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`the schema has no part ${ref}`);
    out[name] = validate;
  }
  return out;
}
