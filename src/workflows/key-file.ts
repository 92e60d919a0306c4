// The API key file (--api-key-file): read once per run, whether the run reads it at its start (for
// the output redactor, src/cli/redact-output.ts) or when it connects.

import { readBounded } from '../config/bounded-read.js';

/** A key file is a few dozen bytes; a device or a huge file is refused after this many. */
export const MAX_KEY_FILE_BYTES = 64 * 1024;

/** The file's bytes, or undefined when it holds more than MAX_KEY_FILE_BYTES. Throws what the OS said. */
export function readKeyFileBytes(path: string): Promise<Buffer | undefined> {
  return readBounded(path, MAX_KEY_FILE_BYTES);
}
