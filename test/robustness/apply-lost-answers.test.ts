// A write whose answer was lost is `unknown`, never `rejected` (DESIGN 3, issue 32 item 1). The
// emulator, a child process with --state and a latency (so answers are on their way when it dies),
// is killed with SIGKILL once apply's first writes are on disk, and left down: those writes were
// applied, their answers lost, and every later try was refused. Then the emulator is started again
// from its state file: every write it holds must be journalled `applied` or `unknown`, and apply
// says to plan again, since the re-read could not run either.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { readJournal } from '../apply/cli-helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'dist/cli/bin.js');
const KEY = 'dev-key';
const REPOS = ['acme/api', 'acme/web', 'acme/mobile-ios', 'acme/mobile-android'];

function startEmulator(statePath: string, latencyMs: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', '--state', statePath, '--latency', String(latencyMs)], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolvePromise, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^emulator listening on (http:\/\/\S+)$/.exec(line);
      if (match?.[1]) resolvePromise({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code} before listening`)));
  });
}

async function defaultBranchOf(url: string, name: string): Promise<string | null | undefined> {
  const list = (await (await fetch(`${url}/api/v1/git/repositories?name=${encodeURIComponent(name)}`, { headers: { 'x-api-key': KEY } })).json()) as { items: { id: number }[] };
  const id = list.items[0]!.id;
  const config = (await (await fetch(`${url}/api/v1/git/repositories/${id}/config`, { headers: { 'x-api-key': KEY } })).json()) as {
    settings: { default_branch: { source: string; value: { branch_name: string | null } } };
  };
  return config.settings.default_branch.source === 'repository' ? config.settings.default_branch.value.branch_name : undefined;
}

describe('an emulator killed during apply and left down', () => {
  it('journals every write it applied as applied or unknown, never rejected, and says to plan again', { timeout: 240_000 }, async () => {
    if (!existsSync(BIN)) throw new Error('dist/cli/bin.js is missing: run "npm run build" (npm test builds first)');
    const dir = await mkdtemp(join(tmpdir(), 'emctl-lost-'));
    const statePath = join(dir, 'state.json');
    writeFileSync(
      join(dir, 'emctl.yaml'),
      `version: 1\ngit:\n  repositories:\n${REPOS.map((r) => `    ${r}:\n      settings:\n        default_branch: { branch_name: lost-answer }\n`).join('')}`,
    );
    const { child, url } = await startEmulator(statePath, 1_500);
    const applying = runEmctl(['--base-url', url, '--rate-limit', '0', '--concurrency', '4', 'apply', '-c', 'emctl.yaml', '--auto-approve', '--journal', 'j.jsonl'], {
      cwd: dir,
      env: { EMCTL_API_KEY: KEY },
    });
    // The first write is on disk (saved before it is answered, 1.5 s later): kill now.
    while (!(existsSync(statePath) && readFileSync(statePath, 'utf8').includes('lost-answer'))) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    const result = await applying;
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('run "emctl plan" to see');

    const restarted = await startEmulator(statePath, 0);
    try {
      const applied: string[] = [];
      for (const name of REPOS) if ((await defaultBranchOf(restarted.url, name)) === 'lost-answer') applied.push(name);
      expect(applied.length).toBeGreaterThan(0);
      const last = new Map<string, string>();
      for (const event of await readJournal(join(dir, 'j.jsonl'))) {
        if (event.event === 'item' && event.status !== 'retrying') last.set(String(event.address), String(event.status));
      }
      for (const name of applied) {
        const address = `repo["${name}"].settings.default_branch`;
        expect(['applied', 'unknown'], `${address}: ${last.get(address)}`).toContain(last.get(address));
      }
      expect([...last.values()]).not.toContain('rejected');
    } finally {
      restarted.child.kill('SIGKILL');
    }
  });
});
