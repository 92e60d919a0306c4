// An emulator killed with SIGKILL while it is taking writes loses no acknowledged write (DESIGN 4:
// each change is persisted, tmp file + fsync + rename, before it is answered). A child-process
// emulator with --state takes writes from 4 writers, each to its own repository; it is killed
// after a number of acknowledged writes that grows by round, and started again from the same
// file, 5 rounds. After each restart, every repository holds its last acknowledged value or the
// one that was in flight, never an older one.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'dist/cli/bin.js');
const KEY = 'dev-key';
const REPOS = [1201, 1202, 1203, 1204];
const ROUNDS = 5;

function startEmulator(statePath: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', '--state', statePath], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^emulator listening on (http:\/\/\S+)$/.exec(line);
      if (match?.[1]) resolvePromise({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code} before listening`)));
  });
}

async function putBranch(url: string, repo: number, branch: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/v1/git/repositories/${repo}/config`, {
      method: 'PUT',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ default_branch: { branch_name: branch } }),
    });
    await res.text();
    return res.status === 200;
  } catch {
    return false; // the emulator died under this request: not acknowledged
  }
}

/** The sequence number a repository's override holds (0 before the first write of this test). */
function seqOf(branch: string | undefined): number {
  const match = /^r\d+-(\d+)$/.exec(branch ?? '');
  return match?.[1] ? Number(match[1]) : 0;
}

async function branchOf(url: string, repo: number): Promise<string | undefined> {
  const res = await fetch(`${url}/api/v1/git/repositories/${repo}/config`, { headers: { 'x-api-key': KEY } });
  const body = (await res.json()) as { settings: { default_branch?: { value: { branch_name?: string | null }; source: string } } };
  const section = body.settings.default_branch;
  return section?.source === 'repository' ? (section.value.branch_name ?? undefined) : undefined;
}

describe('an emulator killed with SIGKILL during writes', () => {
  it(`loses no acknowledged write (${ROUNDS} kill rounds, 4 concurrent writers)`, async () => {
    if (!existsSync(BIN)) throw new Error('dist/cli/bin.js is missing: run "npm run build" (npm test builds first)');
    const dir = await mkdtemp(join(tmpdir(), 'emctl-kill-'));
    const statePath = join(dir, 'state.json');
    /** Per repository: the last acknowledged sequence number, and the highest one ever sent. */
    const acked = new Map<number, number>(REPOS.map((r) => [r, 0]));
    const sent = new Map<number, number>(REPOS.map((r) => [r, 0]));
    let acknowledged = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const { child, url } = await startEmulator(statePath);
      // Whatever was acknowledged before the last kill is there; at most the write in flight is newer.
      for (const repo of REPOS) {
        const live = await branchOf(url, repo);
        const n = seqOf(live);
        expect(n, `repository ${repo} after restart ${round}`).toBeGreaterThanOrEqual(acked.get(repo)!);
        expect(n, `repository ${repo} after restart ${round}`).toBeLessThanOrEqual(sent.get(repo)!);
        acked.set(repo, n);
      }
      let alive = true;
      // The kill comes after a count of acknowledged writes, not after a time: on a busy machine
      // a fixed window may see too few writes. The count grows by round, so kills land at
      // different points of the writers' loop, while writes are in flight.
      const killAfter = 2 + round * 2;
      let roundAcks = 0;
      let enoughAcks: () => void = () => undefined;
      const enough = new Promise<void>((resolve) => (enoughAcks = resolve));
      // Listened for from here on, so that an emulator that dies by itself ends the round (and
      // fails the test) instead of leaving the test waiting for writes that never come.
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const writers = REPOS.map(async (repo) => {
        while (alive) {
          const seq = sent.get(repo)! + 1;
          sent.set(repo, seq);
          if (await putBranch(url, repo, `r${repo}-${seq}`)) {
            acked.set(repo, seq);
            acknowledged += 1;
            if (++roundAcks >= killAfter) enoughAcks();
          } else if (alive) {
            sent.set(repo, seq); // refused while alive (should not happen): keep the number used
          }
        }
      });
      const diedByItself = await Promise.race([enough.then(() => false), exited.then(() => true)]);
      if (!diedByItself) child.kill('SIGKILL');
      await exited;
      alive = false;
      await Promise.all(writers);
      expect(diedByItself, `the emulator died by itself in round ${round}`).toBe(false);
      // The state file is always one whole state.
      expect(() => JSON.parse(readFileSync(statePath, 'utf8'))).not.toThrow();
    }
    // A final start reads what the last kill left, and cleans the temporary files it left.
    const { child, url } = await startEmulator(statePath);
    try {
      for (const repo of REPOS) {
        const live = await branchOf(url, repo);
        const n = seqOf(live);
        expect(n).toBeGreaterThanOrEqual(acked.get(repo)!);
      }
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
    if (process.env.EMCTL_FIGURES) console.log(`kill test: ${ROUNDS} kills, ${acknowledged} acknowledged writes, all held`);
  });
});
