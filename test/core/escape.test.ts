// escapeControl: every C0/C1 control and DEL becomes a visible escape; all else is kept as it is.

import { describe, expect, test } from 'vitest';
import { escapeControl, escapeControlDeep, inertMarkdown, jsonWithBidiEscaped } from '../../src/core/escape.js';

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
  ['a right-to-left override', 'invoice\u202efdp.exe', 'invoice\\u202efdp.exe'],
  ['an isolate and a mark', '\u2066x\u2069\u200f', '\\u2066x\\u2069\\u200f'],
];

describe('escapeControl', () => {
  test.each(CASES)('%s', (_name, input, expected) => {
    expect(escapeControl(input)).toBe(expected);
  });
  test('every control below U+00A0 and every bidirectional control is escaped, no other', () => {
    const bidi = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
    for (let c = 0; c < 0x3000; c++) {
      const s = String.fromCharCode(c);
      const control = c < 0x20 || (c >= 0x7f && c < 0xa0) || bidi.has(c);
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

describe('jsonWithBidiEscaped', () => {
  test('the same data, no raw bidirectional control', () => {
    const value = { name: 'invoice\u202efdp.exe', list: ['\u2067x'] };
    const json = jsonWithBidiEscaped(JSON.stringify(value));
    expect(json).toBe('{"name":"invoice\\u202efdp.exe","list":["\\u2067x"]}');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('inertMarkdown', () => {
  test.each([
    ['@everyone', '@&#8203;everyone'],
    ['ping @acme/security now', 'ping @&#8203;acme/security now'],
    ['see https://evil.example/x', 'see https&#8203;://evil.example/x'],
    ['www.evil.example', 'www&#8203;.evil.example'],
    ['mail ops@example.com', 'mail ops@&#8203;example.com'],
    ['a @ b, 5:30, plain', 'a @ b, 5:30, plain'],
  ])('%j -> %j', (input, expected) => {
    expect(inertMarkdown(input)).toBe(expected);
  });
});
