// Finds and reads the config files: one file, or every `*.yaml` file of a directory (sorted by
// name, not recursive, dotfiles skipped). Oversized files are refused: a regular file by its size
// before it is read, anything else (a pipe, /dev/stdin, a device) by reading at most one byte past
// the cap. Bytes that are not UTF-8, and NUL, are refused with their position, never replaced.

import { readdir, stat } from 'node:fs/promises';
import { readBounded } from './bounded-read.js';
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { distanceFrom } from '../core/resolve.js';
import type { Diagnostic } from './yaml/diagnostics.js';
import { SourceText } from './yaml/source.js';

/** A config file larger than this is refused unread (a generous bound: 10,000 repositories take ~5 MB). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export interface ReadResult {
  sources: SourceText[];
  /** Every file considered, in merge order (also for files that could not be read). */
  files: string[];
  diagnostics: Diagnostic[];
  /** Set when the path itself could not be read (nothing there, no permission): its one problem. */
  pathProblem?: Diagnostic;
}

function problem(file: string, message: string, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  return { file, line: 1, column: 1, message, severity };
}

/**
 * The OS reason in words, for messages that already name the file (Node's message repeats the
 * path, and a raw ENOENT tells a user nothing).
 */
export function osReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  if (code === 'EISDIR') return 'is a directory';
  return error instanceof Error ? error.message : String(error);
}

/**
 * The config path (`-c`, or ./emctl.yaml when not given) does not exist or cannot be read: say
 * which path, why, and, when nothing is there, how to point emctl at the config.
 */
function unreadablePath(pathOrDir: string, error: unknown, shown: (path: string) => string): Diagnostic {
  const missing = (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  const near = missing ? nearbyConfig(pathOrDir) : undefined;
  const guess = near === undefined ? '' : `; did you mean \`${shown(near)}\`?`;
  const hint = missing ? ' (pass -c PATH; the default is ./emctl.yaml)' : '';
  return problem(pathOrDir, `cannot read config ${shown(pathOrDir)}: ${osReason(error)}${guess}${hint}`);
}

/**
 * A config file beside a missing one that was likely meant: the same name with the other YAML
 * extension (`emctl.yml` for `emctl.yaml`), else the one YAML file of the directory whose name is
 * at most two edits away. Undefined when the directory cannot be read or nothing is close.
 */
function nearbyConfig(path: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dirname(path)).filter((n) => /\.ya?ml$/.test(n));
  } catch {
    return undefined;
  }
  const name = basename(path);
  const stem = name.replace(/\.ya?ml$/, '');
  const twin = names.find((n) => n !== name && n.replace(/\.ya?ml$/, '') === stem);
  if (twin !== undefined) return join(dirname(path), twin);
  const distance = distanceFrom(name);
  const close = names.filter((n) => distance(n, 2) <= 2);
  return close.length === 1 && close[0] !== undefined ? join(dirname(path), close[0]) : undefined;
}

/** `shown`: a path as messages print it (relative to the working directory, as the user typed it). */
export async function readConfigFiles(pathOrDir: string, shown: (path: string) => string = (p) => p): Promise<ReadResult> {
  let info;
  try {
    info = await stat(pathOrDir);
  } catch (error) {
    const problem = unreadablePath(pathOrDir, error, shown);
    return { sources: [], files: [pathOrDir], diagnostics: [problem], pathProblem: problem };
  }
  if (!info.isDirectory()) return readFiles([pathOrDir], []);

  const names = (await readdir(pathOrDir)).filter((n) => !n.startsWith('.')).sort();
  const yamlFiles = names.filter((n) => n.endsWith('.yaml')).map((n) => join(pathOrDir, n));
  const warnings = names
    .filter((n) => n.endsWith('.yml'))
    .map((n) => problem(join(pathOrDir, n), 'ignored: only *.yaml files of a config directory are read', 'warning'));
  if (yamlFiles.length === 0) {
    return { sources: [], files: [pathOrDir], diagnostics: [...warnings, problem(pathOrDir, 'no *.yaml files in this directory')] };
  }
  return readFiles(yamlFiles, warnings);
}

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

async function readFiles(paths: string[], diagnostics: Diagnostic[]): Promise<ReadResult> {
  const sources: SourceText[] = [];
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (info.size > MAX_FILE_BYTES) {
        diagnostics.push(problem(path, `file is ${mb(info.size)}; config files over ${mb(MAX_FILE_BYTES)} are refused`));
        continue;
      }
      const bytes = await readBounded(path, MAX_FILE_BYTES);
      if (bytes === undefined) {
        diagnostics.push(problem(path, `more than ${mb(MAX_FILE_BYTES)} to read; config files over ${mb(MAX_FILE_BYTES)} are refused`));
        continue;
      }
      const decoded = decodeConfigBytes(path, bytes);
      if ('diagnostic' in decoded) diagnostics.push(decoded.diagnostic);
      else sources.push(decoded.source);
    } catch (error) {
      diagnostics.push(problem(path, `cannot read config ${path}: ${osReason(error)}`));
    }
  }
  return { sources, files: paths, diagnostics };
}

/**
 * The text of a config file, or a located refusal: the first byte that is not UTF-8, or the first
 * NUL (YAML allows neither in a config; silently replacing a byte would change a regex or a name).
 */
export function decodeConfigBytes(path: string, bytes: Buffer): { source: SourceText } | { diagnostic: Diagnostic } {
  const bad = firstInvalidUtf8(bytes);
  if (bad !== -1) {
    const source = new SourceText(path, bytes.subarray(0, bad).toString('utf8'));
    const at = source.position(source.text.length);
    const hex = `0x${(bytes[bad] ?? 0).toString(16).padStart(2, '0')}`;
    return { diagnostic: { file: path, ...at, message: `byte ${hex} is not UTF-8; config files must be UTF-8 text`, severity: 'error' } };
  }
  const source = new SourceText(path, bytes.toString('utf8'));
  const nul = source.text.indexOf('\0');
  if (nul !== -1) return { diagnostic: { file: path, ...source.position(nul), message: 'a NUL character; config files must be text', severity: 'error' } };
  return { source };
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8 either.
    if (code < min || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return i;
    i += need + 1;
  }
  return -1;
}
