// Every run of the command line goes through the output redactor (api/output-redaction.ts) from
// its first byte: commander's own messages ("unknown command 'KEY'") are printed before any
// command runs, so the secrets known at start are registered before argv is parsed: the key in
// EMCTL_API_KEY, and the content of --api-key-file. The command's connection adds the key it
// resolved (the same one, read again) once it has it.

import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { Redactor, redactingStream, withRedactor } from '../api/output-redaction.js';

interface RunIO {
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Runs `run` with `io`'s output redacted and the run's redactor set for every writer below it. */
export function redactedRun<IO extends RunIO, T>(argv: readonly string[], io: IO, run: (io: IO) => Promise<T>): Promise<T> {
  const redactor = new Redactor();
  redactor.add(io.env.EMCTL_API_KEY);
  const keyFile = keyFileIn(argv);
  if (keyFile !== undefined) redactor.add(readSmallFile(isAbsolute(keyFile) ? keyFile : resolve(io.cwd, keyFile)));
  const redactedIO: IO = { ...io, stdout: redactingStream(io.stdout, redactor), stderr: redactingStream(io.stderr, redactor) };
  return withRedactor(redactor, () => run(redactedIO));
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

/**
 * A key file's text, or undefined when it cannot be read (connect then says why); 64 KB at most.
 * Only a regular file: a pipe (`--api-key-file /dev/stdin`, `<(pass key)`) would block here, and
 * its one reading belongs to connect; its key is registered there, before any request is logged.
 */
function readSmallFile(path: string): string | undefined {
  let fd: number | undefined;
  try {
    if (!statSync(path).isFile()) return undefined;
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(64 * 1024);
    const n = readSync(fd, buffer, 0, buffer.length, null);
    return buffer.subarray(0, n).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
