// The journal file and the progress line: small pieces whose format users and scripts rely on.

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileJournal, journalPath } from '../../src/apply/journal.js';
import { progressLine } from '../../src/apply/progress.js';

describe('journal', () => {
  it('is .emctl/journal-<timestamp>.jsonl under the working directory unless a path is given', () => {
    const now = new Date('2026-03-04T05:06:07.089Z');
    expect(journalPath('/work', undefined, now)).toBe('/work/.emctl/journal-2026-03-04T05-06-07-089Z.jsonl');
    expect(journalPath('/work', 'logs/a.jsonl', now)).toBe('/work/logs/a.jsonl');
    expect(journalPath('/work', '/abs/a.jsonl', now)).toBe('/abs/a.jsonl');
  });

  it('writes one timestamped JSON line per event, appending to an existing file', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'emctl-journal-')), 'deep', 'j.jsonl');
    for (let run = 0; run < 2; run++) {
      const journal = new FileJournal(path);
      journal.write({ event: 'apply-start', operations: 1, addresses: 1, config_files: ['emctl.yaml'] });
      journal.write({ event: 'apply-end', applied: 1, rejected: 0, skipped: 0, interrupted: false });
      journal.close();
      journal.write({ event: 'interrupt', in_flight: 0 }); // after close: dropped, never a crash
    }
    const lines = (await readFile(path, 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    const events = lines.map((l) => JSON.parse(l) as { at: string; event: string });
    expect(events.map((e) => e.event)).toEqual(['apply-start', 'apply-end', 'apply-start', 'apply-end']);
    expect(events.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });
});

describe('progress line', () => {
  function stream(isTTY: boolean): { text: string; isTTY: boolean; write(s: string): void } {
    return {
      text: '',
      isTTY,
      write(s: string) {
        this.text += s;
      },
    };
  }

  it('rewrites one line in place on a terminal and erases it at the end', () => {
    const s = stream(true);
    const p = progressLine(s, 12);
    p.update(1, 12);
    p.update(12, 12);
    p.finish();
    expect(s.text).toBe(`\rapplying 1/12 operations\rapplying 12/12 operations\r${' '.repeat(25)}\r`);
  });

  it('prints nothing when not on a terminal or for a short apply', () => {
    for (const [tty, total] of [[false, 50], [true, 2]] as const) {
      const s = stream(tty);
      const p = progressLine(s, total);
      p.update(1, total);
      p.finish();
      expect(s.text).toBe('');
    }
  });
});
