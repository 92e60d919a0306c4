// Every run of the command line goes through the output redactor (output/redaction.ts) from
// its first byte: commander's own messages ("unknown command 'KEY'") are printed before any
// command runs, so the secrets known at start are registered before argv is parsed: the key in
// EMCTL_API_KEY, and the content of --api-key-file (read here once, also for the connection).
// The run's io carries the redactor and the key file's bytes to the command; its connection adds
// the key it resolved once it has it.

import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { open } from 'node:fs/promises';
import { Redactor, redactingStream } from '../output/redaction.js';
import { absolutePath } from '../output/paths.js';
import { MAX_KEY_FILE_BYTES, readKeyFileBytes } from '../workflows/api-key.js';

interface RunIO {
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

/** What the run's io carries besides the caller's: the redactor, and the key file read at start. */
interface RunSecrets {
  redactor: Redactor;
  keyFiles: ReadonlyMap<string, Buffer | undefined>;
}

/** Runs `run` with `io`'s output redacted, the run's redactor and the key file read ahead in its io. */
export async function redactedRun<IO extends RunIO, T>(argv: readonly string[], io: IO, run: (io: IO & RunSecrets) => Promise<T>): Promise<T> {
  const redactor = new Redactor();
  // What the variable holds, valid or not: one with a space in it is refused, and its key must not be echoed then.
  redactor.addHeld(io.env.EMCTL_API_KEY);
  const keyFiles = new Map<string, Buffer | undefined>();
  const keyFile = keyFileIn(argv);
  if (keyFile !== undefined) {
    const path = absolutePath(io.cwd, keyFile);
    // Read here, before anything is printed (a config path, a --target or a --base-url could quote
    // the key), and kept for the connection: a pipe (`/dev/stdin`, `<(pass key)`) can be read only
    // once. A terminal is not read ahead (that would wait for typing), and a file that cannot be
    // read is left to the connection, which says why.
    if (readableAhead(path)) await readKeyFileAhead(path, redactor, keyFiles);
    // A name that is no file (or a directory) may be the key itself, given by mistake; the run
    // fails on it anyway, so its last part is taken out too.
    else {
      redactor.add(keyFile);
      redactor.add(basename(keyFile));
    }
  }
  return run({ ...io, stdout: redactingStream(io.stdout, redactor), stderr: redactingStream(io.stderr, redactor), redactor, keyFiles });
}

/** The value of --api-key-file in argv (the last one given, as commander takes it), if any. */
function keyFileIn(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (arg === '--api-key-file') found = argv[++i];
    else if (arg.startsWith('--api-key-file=')) found = arg.slice('--api-key-file='.length);
  }
  return found;
}

/** Registers the key file's key and keeps its bytes for the connection; a failed read is the connection's to report. */
async function readKeyFileAhead(path: string, redactor: Redactor, keyFiles: Map<string, Buffer | undefined>): Promise<void> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readKeyFileBytes(path);
  } catch {
    return;
  }
  keyFiles.set(path, bytes);
  // What the file holds, valid or not (a key and junk, a key with a space); over the cap, the first
  // 64 KB of a regular file (a pipe can be read only once, and was).
  const held = bytes ?? (statSync(path).isFile() ? await readKeyFilePrefix(path) : undefined);
  redactor.addHeld(held?.toString('utf8'));
}

/** A regular file or a pipe: read to its end without waiting on a person. */
function readableAhead(path: string): boolean {
  try {
    const stat = statSync(path);
    return stat.isFile() || stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/** The first MAX_KEY_FILE_BYTES of a file over the cap (what a person may have put the key in). */
async function readKeyFilePrefix(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(MAX_KEY_FILE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MAX_KEY_FILE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
