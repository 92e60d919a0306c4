// Every run of the command line goes through the output redactor (output/redaction.ts) from
// its first byte: commander's own messages ("unknown command 'KEY'") are printed before any
// command runs, so the secrets known at start are registered before argv is parsed: the key in
// EMCTL_API_KEY, and the content of --api-key-file (read here once, also for the connection).
// The run's io carries the redactor and the key file's bytes to the command; its connection adds
// the key it resolved once it has it.

import { statSync } from 'node:fs';
import { Redactor, redactingStream } from '../output/redaction.js';
import { absolutePath } from '../output/paths.js';
import { readKeyFileBytes } from '../workflows/api-key.js';

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
  redactor.add(io.env.EMCTL_API_KEY);
  const keyFiles = new Map<string, Buffer | undefined>();
  const keyFile = keyFileIn(argv);
  if (keyFile !== undefined) {
    const path = absolutePath(io.cwd, keyFile);
    // Read here, before anything is printed (a config path, a --target or a --base-url could quote
    // the key), and kept for the connection: a pipe (`/dev/stdin`, `<(pass key)`) can be read only
    // once. A terminal is not read ahead (that would wait for typing), and a file that cannot be
    // read is left to the connection, which says why.
    if (readableAhead(path)) await readKeyFileAhead(path, redactor, keyFiles);
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
  redactor.add(bytes?.toString('utf8'));
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
