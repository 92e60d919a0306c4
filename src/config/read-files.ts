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

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

export async function readConfigFiles(pathOrDir: string): Promise<ReadResult> {
  let info;
  try {
    info = await stat(pathOrDir);
  } catch (error) {
    return { sources: [], files: [pathOrDir], diagnostics: [problem(pathOrDir, `cannot read config: ${reason(error)}`)] };
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
      diagnostics.push(problem(path, `cannot read config: ${reason(error)}`));
    }
  }
  return { sources, files: paths, diagnostics };
}
