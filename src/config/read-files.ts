// Finds and reads the config files: one file, or every `*.yaml` file of a directory (sorted by
// name, not recursive, dotfiles skipped). Oversized files are refused before they are read.

import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from './diagnostics.js';
import { SourceText } from './source.js';

/** A config file larger than this is refused unread (a generous bound: 10,000 repositories take ~5 MB). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export interface ReadResult {
  sources: SourceText[];
  /** Every file considered, in merge order (also for files that could not be read). */
  files: string[];
  diagnostics: Diagnostic[];
}

function problem(file: string, message: string, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  return { file, line: 1, column: 1, message, severity };
}

/** The OS reason in words (the diagnostic already names the file; Node's message repeats it). */
function reason(error: unknown): string {
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
function unreadablePath(pathOrDir: string, error: unknown): Diagnostic {
  const missing = (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  const hint = missing ? ' (pass -c PATH; the default is ./emctl.yaml)' : '';
  return problem(pathOrDir, `cannot read config ${pathOrDir}: ${reason(error)}${hint}`);
}

export async function readConfigFiles(pathOrDir: string): Promise<ReadResult> {
  let info;
  try {
    info = await stat(pathOrDir);
  } catch (error) {
    return { sources: [], files: [pathOrDir], diagnostics: [unreadablePath(pathOrDir, error)] };
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

async function readFiles(paths: string[], diagnostics: Diagnostic[]): Promise<ReadResult> {
  const sources: SourceText[] = [];
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (info.size > MAX_FILE_BYTES) {
        const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
        diagnostics.push(problem(path, `file is ${mb(info.size)}; config files over ${mb(MAX_FILE_BYTES)} are refused`));
        continue;
      }
      sources.push(new SourceText(path, await readFile(path, 'utf8')));
    } catch (error) {
      diagnostics.push(problem(path, `cannot read config ${path}: ${reason(error)}`));
    }
  }
  return { sources, files: paths, diagnostics };
}
