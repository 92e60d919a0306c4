// escapeControl: every C0/C1 control and DEL becomes a visible escape; all else is kept as it is.

import { describe, expect, test } from 'vitest';
import { escapeControl, escapeControlDeep } from '../../src/core/escape.js';

const CASES: [string, string, string][] = [
  ['plain text', 'Payments team', 'Payments team'],
  ['unicode kept', 'Zahlungsverkehr – Équipe 支付 🚀', 'Zahlungsverkehr – Équipe 支付 🚀'],
  ['ESC of a colour', '\x1b[31mred\x1b[0m', '\\x1b[31mred\\x1b[0m'],
  ['a title change ended by BEL', '\x1b]0;pwned\x07', '\\x1b]0;pwned\\x07'],
  ['8-bit CSI (C1)', '\u009b2J', '\\x9b2J'],
  ['DEL and NUL', 'a\x7fb\x00', 'a\\x7fb\\x00'],
  ['line breaks and tab', 'a\nb\r\tc', 'a\\nb\\r\\tc'],
  ['backspace hiding text', 'safe\x08\x08\x08\x08evil', 'safe\\x08\\x08\\x08\\x08evil'],
  ['U+00A0 is not a control', 'a\u00a0b', 'a\u00a0b'],
];

describe('escapeControl', () => {
  test.each(CASES)('%s', (_name, input, expected) => {
    expect(escapeControl(input)).toBe(expected);
  });
  test('every code point below U+00A0 that is a control is escaped, no other', () => {
    for (let c = 0; c < 0x3000; c++) {
      const s = String.fromCharCode(c);
      const control = c < 0x20 || (c >= 0x7f && c < 0xa0);
      expect(escapeControl(s) !== s).toBe(control);
    }
  });
});

describe('escapeControlDeep', () => {
  test('escapes strings and keys at any depth, leaves numbers, and shares what needs nothing', () => {
    const clean = { name: 'ok', list: [1, 'two'] };
    const input = { a: clean, b: ['x\x1by', 3, null, true], 'k\x07': { deep: ['\x9b'] } };
    const out = escapeControlDeep(input);
    expect(out).toEqual({ a: clean, b: ['x\\x1by', 3, null, true], 'k\\x07': { deep: ['\\x9b'] } });
    expect(out.a).toBe(clean);
    expect(input.b[0]).toBe('x\x1by'); // the input is not changed
  });
});
