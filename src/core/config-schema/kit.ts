// The few schema builders the config model is written with. Each returns a TypeBox schema, so
// that the TypeScript type of a config part comes from the same definition as its JSON Schema
// (`Static<typeof part>`), and each writes exactly the JSON Schema an editor and ajv read.
//
// TypeBox covers plain objects, strings, numbers and arrays; the builders here cover what the
// editor schema needs beyond them: shared parts under `$defs` (so that error paths and hover
// docs name them), `enum` and `const` as written, maps with key rules, and if/then/else.

import { Type, type ObjectOptions, type SchemaOptions, type Static, type TObject, type TProperties, type TSchema, type TUnsafe } from '@sinclair/typebox';

/** Said of every key schema: why a key that must be a string also allows an integer. */
export const NUMERIC_KEY_COMMENT =
  "Used as an object key. Property names are strings in JSON, but an editor's YAML engine (yaml-language-server) reads `42:` as a number: `integer` is listed so that a numeric key is not a false error there. The pattern applies to what emctl validates (JSON keys are strings).";

const DEF_NAME = Symbol('emctl.schema.def');
const DEFS = new Map<string, TSchema>();

/** A part every other part refers to by `$ref: #/$defs/NAME`. */
export function def<T extends TSchema>(name: string, schema: T): T {
  if (DEFS.has(name)) throw new Error(`schema part ${name} is defined twice`);
  Object.defineProperty(schema, DEF_NAME, { value: name, enumerable: false });
  DEFS.set(name, schema);
  return schema;
}

/** Every part `def` named, in the order the modules defined them. */
export function namedParts(): ReadonlyMap<string, TSchema> {
  return DEFS;
}

/** A reference to a named part, with this place's own description (what an editor shows here). */
export function ref<T extends TSchema>(target: T, options: SchemaOptions = {}): TUnsafe<Static<T>> {
  const name = (target as { [DEF_NAME]?: string })[DEF_NAME];
  if (name === undefined) throw new Error('ref() names a schema part that def() did not register');
  return Type.Unsafe<Static<T>>({ $ref: `#/$defs/${name}`, ...options });
}

/** An object with these properties and no others. */
export function closed<P extends TProperties>(properties: P, options: ObjectOptions = {}): TObject<P> {
  return Type.Object(properties, { ...options, additionalProperties: false });
}

/** One of these values (`enum`). */
export function values<const V extends readonly (string | number)[]>(list: V, options: SchemaOptions = {}): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ ...options, enum: [...list] });
}

/** Exactly this value (`const`). */
export function constant<const V extends string | number>(value: V, options: SchemaOptions = {}): TUnsafe<V> {
  return Type.Unsafe<V>({ const: value, ...options });
}

/** Any of these shapes; the type is their union. */
export function anyOf<const T extends readonly TSchema[]>(members: T, options: SchemaOptions = {}): TUnsafe<Static<T[number]>> {
  return Type.Unsafe<Static<T[number]>>({ anyOf: [...members], ...options });
}

/**
 * `then` where the value matches `test`, else `otherwise`. Written so rather than as anyOf for
 * the error it gives: one message for the branch the value is in, not one per branch.
 */
export function ifThenElse<A extends TSchema, B extends TSchema>(
  test: object,
  then: A,
  otherwise: B,
  options: SchemaOptions = {},
): TUnsafe<Static<A> | Static<B>> {
  return Type.Unsafe<Static<A> | Static<B>>({ ...options, if: test, then, else: otherwise });
}

interface JsonTypes {
  string: string;
  integer: number;
  number: number;
  boolean: boolean;
  null: null;
}

/** A value of any of these JSON types (`type: [...]`), with the keywords of each. */
export function multi<const K extends readonly (keyof JsonTypes)[]>(types: K, options: SchemaOptions = {}): TUnsafe<JsonTypes[K[number]]> {
  return Type.Unsafe<JsonTypes[K[number]]>({ type: [...types], ...options });
}

/** The rule an object's keys follow (`propertyNames`): keys are strings, whatever the rule says. */
export function keyPattern(options: SchemaOptions & { pattern: string }): TUnsafe<string> {
  return Type.Unsafe<string>(options);
}

/**
 * A mapping whose keys follow `key` and whose values are `value`; where `patterns` is given, a key
 * matching one of its regular expressions takes that shape instead (`patternProperties`).
 */
export function mapOf<V extends TSchema, P extends TSchema = never>(
  key: TSchema | undefined,
  value: V,
  options: SchemaOptions = {},
  patterns?: Record<string, P>,
): TUnsafe<Record<string, Static<V> | Static<P>>> {
  return Type.Unsafe<Record<string, Static<V> | Static<P>>>({
    type: 'object',
    ...options,
    ...(key ? { propertyNames: key } : {}),
    ...(patterns ? { patternProperties: patterns } : {}),
    additionalProperties: value,
  });
}

/** `T` with exactly one of the keys A and B written. */
export type ExactlyOne<T, A extends keyof T, B extends keyof T> =
  (Omit<T, A | B> & { [K in A]-?: T[K] } & { [K in B]?: never }) | (Omit<T, A | B> & { [K in B]-?: T[K] } & { [K in A]?: never });

/**
 * An object that writes exactly one of two keys (`{ id }` or `{ name }`). Written as if/then/else
 * rather than oneOf for the message it gives: "write id or name, not both", not two branch errors.
 */
export function exactlyOne<T extends TObject, A extends keyof Static<T> & string, B extends keyof Static<T> & string>(
  schema: T,
  a: A,
  b: B,
): TUnsafe<ExactlyOne<Static<T>, A, B>> {
  const written = (key: string) => ({ required: [key], properties: { [key]: true } });
  return Type.Unsafe<ExactlyOne<Static<T>, A, B>>({ ...schema, if: written(a), then: { not: written(b) }, else: written(b) });
}
