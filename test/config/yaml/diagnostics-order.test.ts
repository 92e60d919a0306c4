// sortDiagnostics orders by file (as read), line, column and message, and drops exact repeats,
// whether the list comes in order already (kept without sorting) or not.

import { describe, expect, test } from 'vitest';
import { sortDiagnostics, type Diagnostic } from '../../../src/config/yaml/diagnostics.js';

const d = (file: string, line: number, column: number, message = 'm', severity: Diagnostic['severity'] = 'error'): Diagnostic => ({ file, line, column, message, severity });
const shown = (list: readonly Diagnostic[]): string[] => list.map((x) => `${x.file}:${x.line}:${x.column} ${x.severity} ${x.message}`);

const CASES: [string, Diagnostic[], string[]][] = [
  ['in order already', [d('b', 1, 1), d('a', 1, 1), d('a', 1, 5), d('a', 2, 1)], ['b:1:1 error m', 'a:1:1 error m', 'a:1:5 error m', 'a:2:1 error m']],
  ['in order but for the files', [d('a', 1, 1), d('a', 1, 5), d('b', 1, 1)], ['b:1:1 error m', 'a:1:1 error m', 'a:1:5 error m']],
  ['in order with a repeat', [d('a', 1, 1), d('a', 1, 1), d('a', 2, 1)], ['a:1:1 error m', 'a:2:1 error m']],
  ['lines out of order', [d('a', 3, 1), d('a', 1, 2), d('a', 2, 1), d('a', 1, 1)], ['a:1:1 error m', 'a:1:2 error m', 'a:2:1 error m', 'a:3:1 error m']],
  ['files in the order read, not by name', [d('a', 1, 1), d('b', 1, 1), d('a', 2, 1)], ['b:1:1 error m', 'a:1:1 error m', 'a:2:1 error m']],
  ['a file not read last, by name', [d('z', 1, 1), d('y', 1, 1), d('b', 9, 9)], ['b:9:9 error m', 'y:1:1 error m', 'z:1:1 error m']],
  ['one place, by message', [d('a', 1, 1, 'y'), d('a', 1, 1, 'x'), d('a', 1, 1, 'y')], ['a:1:1 error x', 'a:1:1 error y']],
  ['one place and message, an error and a warning kept in the order found', [d('a', 1, 1, 'x', 'warning'), d('a', 1, 1, 'x', 'error')], ['a:1:1 warning x', 'a:1:1 error x']],
  ['unsorted repeats apart', [d('a', 2, 1), d('a', 1, 1), d('a', 2, 1)], ['a:1:1 error m', 'a:2:1 error m']],
];

describe('sortDiagnostics', () => {
  test.each(CASES)('%s', (_name, diagnostics, expected) => {
    expect(shown(sortDiagnostics(diagnostics, ['b', 'a']))).toEqual(expected);
  });
});
