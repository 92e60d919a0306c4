// The config as it is at a git ref (`--changed-from REF`): the same file, or every `*.yaml` of the
// same directory, read from git instead of the working tree, then loaded with the same checks.
// git runs through execFile with an argument list (no shell), so a ref or a path is never
// interpreted by a shell. Files are named `REF:path` (path from the repository root), so an error
// in the old config is located there and never mistaken for one in the working tree.

import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { EmctlError } from '../contract/errors.js';
import type { DesiredConfig } from '../core/model.js';
import { errorCount, formatDiagnostic, type Diagnostic } from './yaml/diagnostics.js';
import { loadConfigFromRead } from './index.js';
import type { ConfigChecks } from './checks.js';
import { decodeConfigBytes, MAX_FILE_BYTES, type ReadResult } from './read-files.js';
import type { SourceText } from './yaml/source.js';

interface GitResult {
  stdout: Buffer;
  stderr: string;
  code: number;
}

/** Runs git in `cwd`; a missing git binary is an error that says so. */
function git(cwd: string, args: string[]): Promise<GitResult> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      'git',
      args,
      { cwd, encoding: 'buffer', maxBuffer: MAX_FILE_BYTES + 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' } },
      (error, stdout, stderr) => {
        const err = error as (NodeJS.ErrnoException & { code?: string | number }) | null;
        if (err && err.code === 'ENOENT') {
          reject(new EmctlError('config', '--changed-from needs git, and git was not found on PATH (install git, or plan without --changed-from)'));
          return;
        }
        if (err && err.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
          reject(new EmctlError('config', `--changed-from: a config file at the ref is over ${MAX_FILE_BYTES / 1024 / 1024} MB; config files over that are refused`));
          return;
        }
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : 1;
        resolvePromise({ stdout: stdout, stderr: stderr.toString('utf8').trim(), code });
      },
    );
  });
}

/** Where the config sits in its git repository: the directory git runs in, and its path from the root. */
async function locate(configPath: string): Promise<{ cwd: string; path: string; isDirectory: boolean }> {
  const isDirectory = (await stat(configPath)).isDirectory();
  const cwd = isDirectory ? configPath : dirname(configPath);
  const prefix = await git(cwd, ['rev-parse', '--show-prefix']);
  if (prefix.code !== 0) {
    throw new EmctlError('config', `--changed-from: the config ${configPath} is not inside a git repository (${prefix.stderr.split('\n')[0] ?? 'git rev-parse failed'})`);
  }
  const dir = prefix.stdout.toString('utf8').trim().replace(/\/+$/, '');
  const path = isDirectory ? dir : [dir, basename(configPath)].filter((p) => p !== '').join('/');
  return { cwd, path, isDirectory };
}

/**
 * Loads the config at `ref`, or throws EmctlError('config') saying why: git missing, not a git
 * repository, an unknown ref, no config there at that ref, or a config that is not valid there
 * (every located error, named `REF:path`).
 */
export async function loadConfigAtRef(configPath: string, ref: string, checks: ConfigChecks): Promise<DesiredConfig> {
  if (ref === '' || ref.startsWith('-') || /[\s\0]/.test(ref)) {
    throw new EmctlError('config', `--changed-from ${JSON.stringify(ref)} is not a git ref (a branch, tag, commit or an expression such as origin/main or HEAD~1)`);
  }
  const { cwd, path, isDirectory } = await locate(configPath);
  const commit = await git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  if (commit.code !== 0) {
    throw new EmctlError('config', `--changed-from: unknown git ref ${JSON.stringify(ref)} (in CI, fetch it first, e.g. git fetch origin main, or check out with enough history)`);
  }
  const sha = commit.stdout.toString('utf8').trim();
  const spec = `${sha}:${path}`;
  const type = await git(cwd, ['cat-file', '-t', spec]);
  const shown = `${ref}:${path === '' ? '.' : path}`;
  if (type.code !== 0) {
    throw new EmctlError('config', `--changed-from: the config did not exist at ${ref} (no ${shown}); there is nothing to compare with: run a plain "emctl plan" (without --changed-from)`);
  }
  const kind = type.stdout.toString('utf8').trim();
  const read: ReadResult = { sources: [], files: [], diagnostics: [] };
  const addSource = (name: string, bytes: Buffer): void => {
    read.files.push(name);
    const decoded = decodeConfigBytes(name, bytes);
    if ('diagnostic' in decoded) read.diagnostics.push(decoded.diagnostic);
    else read.sources.push(decoded.source as SourceText);
  };
  if (kind === 'blob') {
    if (isDirectory) throw new EmctlError('config', `--changed-from: ${shown} is a file at ${ref}, but the config is a directory now; run a plain "emctl plan"`);
    addSource(shown, (await gitOk(cwd, ['cat-file', 'blob', spec], shown)).stdout);
  } else if (kind === 'tree') {
    if (!isDirectory) throw new EmctlError('config', `--changed-from: ${shown} is a directory at ${ref}, but the config is a file now; run a plain "emctl plan"`);
    const listing = (await gitOk(cwd, ['ls-tree', '-z', '--full-tree', spec], shown)).stdout.toString('utf8');
    // --full-tree: ls-tree otherwise lists relative to the directory git runs in (the config's own).
    // The working-tree rule (read-files.ts): the directory's own *.yaml files, sorted by name, dotfiles skipped.
    const entries = listing
      .split('\0')
      .filter((line) => line !== '')
      .map((line) => {
        const tab = line.indexOf('\t');
        const [, objectType, objectId] = line.slice(0, tab).split(' ');
        return { objectType, objectId: objectId ?? '', name: line.slice(tab + 1) };
      })
      .filter((e) => e.objectType === 'blob' && e.name.endsWith('.yaml') && !e.name.startsWith('.'))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (entries.length === 0) throw new EmctlError('config', `--changed-from: no *.yaml files in ${shown} at ${ref}; run a plain "emctl plan"`);
    for (const e of entries) {
      const name = path === '' ? `${ref}:${e.name}` : `${shown}/${e.name}`;
      addSource(name, (await gitOk(cwd, ['cat-file', 'blob', e.objectId], name)).stdout);
    }
  } else {
    throw new EmctlError('config', `--changed-from: ${shown} is a ${kind} at ${ref}, not a config file or directory`);
  }
  const result = loadConfigFromRead(read, checks);
  if (result.config) return result.config;
  const errors = result.diagnostics.filter((d: Diagnostic) => d.severity === 'error');
  const count = errorCount(errors);
  throw new EmctlError(
    'config',
    `--changed-from: the config at ${ref} is not valid (${count} ${count === 1 ? 'error' : 'errors'}), so there is nothing sound to compare with; choose another ref, or run a plain "emctl plan"`,
    errors.map(formatDiagnostic),
  );
}

async function gitOk(cwd: string, args: string[], what: string): Promise<GitResult> {
  const r = await git(cwd, args);
  if (r.code !== 0) throw new EmctlError('config', `--changed-from: cannot read ${what} from git (${r.stderr.split('\n')[0] ?? ''})`);
  return r;
}
