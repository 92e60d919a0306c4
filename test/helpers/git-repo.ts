// Config committed at a ref, for the --changed-from tests: git run with a committer of its own and
// no signing, so the machine's git configuration is not part of the test.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function git(cwd: string, ...args: string[]): Promise<void> {
  await run('git', ['-c', 'user.name=emctl test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd });
}

/** Commits every file now in `dir`, first making it a git repository on branch main if it is not one. */
export async function commitAll(dir: string, message = 'config'): Promise<void> {
  if (!existsSync(join(dir, '.git'))) await git(dir, 'init', '-q', '-b', 'main');
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '-q', '-m', message);
}
