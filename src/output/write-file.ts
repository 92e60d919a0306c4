// Every file emctl writes for a user (a saved plan, an exported config or fixture) goes through here:
// the text is written to a temporary file next to the target, then renamed over it. A rename within
// one directory is atomic, so a reader (apply, a CI step, git) sees the old file or the new one,
// never half of one; on any failure the temporary file is removed and the target is left as it was.

import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EmctlError } from '../contract/errors.js';
import type { Redactor } from './redaction.js';

export interface AtomicWriteOptions {
  /** How the file is named in the error ("the plan file plan.json"); default its path. */
  name?: string;
  /** Permissions of a new file; default 0o666 less the umask. */
  mode?: number;
  /** Create the target's directory (and its parents) first; default false. */
  createDirectory?: boolean;
  /** The run's redactor (WorkflowIO.redactor): the text is written through it. */
  redactor?: Redactor;
}

/** The temporary file for `path`: hidden, in the same directory (same file system), unique per call. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Writes `text`, the API key redacted (DESIGN 8), to the absolute `path` atomically; a failure is
 * EmctlError('config') naming the file and the system's code.
 */
export async function writeFileAtomically(path: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const temp = tempPathFor(path);
  try {
    if (options.createDirectory) await mkdir(dirname(path), { recursive: true });
    // 'wx': never write through something already at the temporary path (a symlink planted there).
    await writeFile(temp, options.redactor?.redact(text) ?? text, { encoding: 'utf8', flag: 'wx', ...(options.mode === undefined ? {} : { mode: options.mode }) });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new EmctlError('config', `cannot write ${options.name ?? path}: ${writeReason(error, path)}`);
  }
}

/**
 * Why a write failed, in words about the target (the temporary file is no concern of the user's,
 * and Node's message names it): never a bare ENOENT.
 */
function writeReason(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return `the directory ${dirname(path)} does not exist`;
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'EISDIR':
    case 'ENOTEMPTY':
    case 'EEXIST':
      return 'a directory is in the way';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EROFS':
      return 'read-only file system';
    default:
      return code ?? String(error);
  }
}
