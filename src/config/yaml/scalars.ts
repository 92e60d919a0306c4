// Scalars as YAML 1.2 (core schema) reads them, exactly as the `yaml` package resolves them, for
// the fast reader: plain scalars to null, booleans, numbers or strings; double-quoted escapes.
// One departure, for both readers (DESIGN 8): a number is read only from its decimal form and, as
// an integer, only within 2^53-1; `0x2A`, `0o52`, `4.2e1`, `.inf` and `9007199254740993` stay
// text, so an id written that way is refused where it is written instead of becoming team 42 (or
// ...992).

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

export function resolvePlain(text: string): PlainValue {
  const c = text.charCodeAt(0);
  // Only text starting with a digit, sign, dot, ~, n/N, t/T, f/F or empty can be a non-string.
  if (text !== '' && !(c <= 57 && c >= 43) && !'~nNtTfF'.includes(text[0] as string)) return text;
  if (NULL.test(text)) return null;
  if (BOOL.test(text)) return text[0] === 't' || text[0] === 'T';
  if (INT_OCT.test(text) || INT_HEX.test(text) || FLOAT_NAN.test(text) || FLOAT_EXP.test(text)) return text;
  if (INT.test(text)) {
    const n = parseInt(text, 10);
    return Number.isSafeInteger(n) ? n : text;
  }
  if (FLOAT.test(text)) return parseFloat(text);
  return text;
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
