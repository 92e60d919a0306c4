// Every file in src/workflows/ stays within 150 lines (DESIGN 5), by eslint's max-lines rule for
// that folder, run by `npm run lint`. This proves the rule bites there and nowhere else: the same
// 151 lines are refused as a workflow and accepted as a file of another room.

import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

async function problems(lines: number, filePath: string): Promise<string[]> {
  const text = ['export const first = 1;', ...Array.from({ length: lines - 1 }, (_, i) => `// line ${i + 2}`)].join('\n') + '\n';
  const [result] = await new ESLint({ cwd: ROOT }).lintText(text, { filePath: resolve(ROOT, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('the size of a workflow', () => {
  it('150 lines pass; 151 are refused, naming the count', async () => {
    expect(await problems(150, 'src/workflows/example.ts')).toEqual([]);
    expect(await problems(151, 'src/workflows/example.ts')).toEqual(['max-lines: File has too many lines (151). Maximum allowed is 150.']);
  }, 60_000);

  it('holds src/workflows/ only', async () => {
    expect(await problems(151, 'src/plan/example.ts')).toEqual([]);
  }, 60_000);
});
