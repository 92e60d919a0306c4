// Scalars as YAML 1.2 (core schema) reads them, exactly as the `yaml` package resolves them, for
// the fast reader: plain scalars to null, booleans, numbers or strings; double-quoted escapes.
// One departure, for both readers (DESIGN 8): a number must be written the one way it reads,
// in plain decimal (`42`, `-3`, `12.5`). Any other spelling YAML reads as a number (`+42`, `042`,
// `42.0`, `4.2e1`, `0x2A`, `0o52`, `.inf`; under `%YAML 1.1` also `0b101`, `1_000`, `1:20`) is a
// located error, so an id can never be read as another than the one its author sees. An integer
// past 2^53-1 stays text, refused where an id is written (semantic/ids.ts).

import type { PlainValue } from './source.js';

/** Scalars of the YAML 1.2 core schema, tested in the order the `yaml` package tests them. */
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
/** The one spelling of a number a config takes: plain decimal, an integer or a fraction that is not all zeros. */
const PLAIN_INTEGER = /^-?(?:0|[1-9][0-9]*)$/;
const PLAIN_FRACTION = /^-?(?:0|[1-9][0-9]*)\.[0-9]*[1-9][0-9]*$/;

/** Thrown by resolvePlain at a number written another way than plain decimal: the complete reader words it. */
export class NumberSpelling extends Error {}

/** The value of a plain scalar (YAML 1.2 core schema); NumberSpelling for a number not in plain decimal. */
export function resolvePlain(text: string): PlainValue {
  const c = text.charCodeAt(0);
  // Only text starting with a digit, sign, dot, ~, n/N, t/T, f/F or empty can be a non-string.
  if (text !== '' && !(c <= 57 && c >= 43) && !'~nNtTfF'.includes(text[0] as string)) return text;
  // A plain decimal integer of up to 15 digits (every id and count of a config) is a safe integer
  // as written: read without the seven patterns below (a config of 100,000 entries has as many).
  if (c >= 49 && c <= 57 && text.length <= 15 && allDigits(text)) return parseInt(text, 10);
  if (NULL.test(text)) return null;
  if (BOOL.test(text)) return text[0] === 't' || text[0] === 'T';
  if (INT_OCT.test(text) || INT_HEX.test(text) || FLOAT_NAN.test(text) || FLOAT_EXP.test(text)) throw new NumberSpelling();
  if (INT.test(text)) {
    const n = parseInt(text, 10);
    if (!Number.isSafeInteger(n)) return text;
    if (!PLAIN_INTEGER.test(text)) throw new NumberSpelling();
    return n;
  }
  if (FLOAT.test(text)) {
    if (!PLAIN_FRACTION.test(text)) throw new NumberSpelling();
    return parseFloat(text);
  }
  return text;
}

function allDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * Why a plain scalar that YAML read as `value` may not be a config's number, or undefined: it is
 * written another way than plain decimal. `text` is the scalar as written.
 */
export function numberSpellingProblem(text: string, value: number | bigint): string | undefined {
  if (typeof value === 'bigint' || !Number.isFinite(value)) {
    if (typeof value === 'bigint' && PLAIN_INTEGER.test(text)) return undefined;
    return `\`${text}\` reads as a number YAML cannot give exactly; write numbers in plain decimal, or quote it ("${text}") to mean the text`;
  }
  if (PLAIN_INTEGER.test(text) || (PLAIN_FRACTION.test(text) && !Number.isInteger(value))) return undefined;
  const plain = Number.isSafeInteger(value) || !Number.isInteger(value) ? ` (\`${String(value)}\`)` : '';
  return `\`${text}\` reads as the number ${String(value)} in YAML: numbers and ids are written in plain decimal${plain}; quote it ("${text}") to mean the text`;
}

/** Whether a string holds a lone surrogate (a `\\ud800` escape): not Unicode text. */
export function hasLoneSurrogate(text: string): boolean {
  return /\p{Cs}/u.test(text);
}

/** Escapes of double-quoted scalars that stand for one character. */
export const DOUBLE_QUOTE_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};
