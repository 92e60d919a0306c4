// Every run of the command line goes through the output redactor (api/output-redaction.ts) from
// its first byte: commander's own messages ("unknown command 'KEY'") are printed before any
// command runs, so the secrets known at start are registered before argv is parsed: the key in
// EMCTL_API_KEY, and the content of --api-key-file (a pipe is read here once, for the connection
// too). The command's connection adds the key it resolved once it has it.

import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { Redactor, redactingStream, withRedactor } from '../api/output-redaction.js';

interface RunIO {
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Runs `run` with `io`'s output redacted and the run's redactor set for every writer below it. */
export async function redactedRun<IO extends RunIO, T>(argv: readonly string[], io: IO, run: (io: IO) => Promise<T>): Promise<T> {
  const redactor = new Redactor();
  redactor.add(io.env.EMCTL_API_KEY);
  const keyFile = keyFileIn(argv);
  if (keyFile !== undefined) {
    const path = isAbsolute(keyFile) ? keyFile : resolve(io.cwd, keyFile);
    if (isPipe(path)) {
      // A pipe (`--api-key-file /dev/stdin`, `<(pass key)`) can be read once: read here, before
      // anything is printed (a config, a --target or a --base-url could quote the key), and kept
      // for the connection. A terminal is not read ahead: that would wait for typing.
      // A pipe that cannot be read is left to the connection, which says why.
      const text = await readPipe(path).catch(() => undefined);
      redactor.add(text);
      if (text !== undefined) redactor.keyFiles.set(path, text);
    } else {
      redactor.add(readSmallFile(path));
    }
  }
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

const KEY_FILE_BYTES = 64 * 1024;

function isPipe(path: string): boolean {
  try {
    const stat = statSync(path);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/** A pipe's text up to its end, or its first KEY_FILE_BYTES + 1 bytes (connect then says it is too big). */
async function readPipe(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const { bytesRead, buffer } = await handle.read(Buffer.alloc(KEY_FILE_BYTES + 1 - size), 0, KEY_FILE_BYTES + 1 - size);
      if (bytesRead === 0) return Buffer.concat(chunks).toString('utf8');
      chunks.push(buffer.subarray(0, bytesRead));
      size += bytesRead;
      if (size > KEY_FILE_BYTES) return Buffer.concat(chunks).toString('utf8');
    }
  } finally {
    await handle.close();
  }
}

/** A regular key file's text, or undefined when it cannot be read (connect then says why); 64 KB at most. */
function readSmallFile(path: string): string | undefined {
  let fd: number | undefined;
  try {
    if (!statSync(path).isFile()) return undefined;
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(KEY_FILE_BYTES);
    const n = readSync(fd, buffer, 0, buffer.length, null);
    return buffer.subarray(0, n).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
