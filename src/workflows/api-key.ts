// Where the API key comes from: --api-key-file, read once per run whether the run reads it at its
// start (for the output redactor, src/cli/redact-output.ts) or when it connects, else
// EMCTL_API_KEY; never a flag value or the config. No message ever shows the key.

import { readBounded } from '../config/bounded-read.js';
import { EmctlError } from '../contract/errors.js';
import { absolutePath } from '../output/paths.js';
import type { WorkflowIO } from './io.js';

/** A key file is a few dozen bytes; a device or a huge file is refused after this many. */
export const MAX_KEY_FILE_BYTES = 64 * 1024;

/** The file's bytes, or undefined when it holds more than MAX_KEY_FILE_BYTES. Throws what the OS said. */
export function readKeyFileBytes(path: string): Promise<Buffer | undefined> {
  return readBounded(path, MAX_KEY_FILE_BYTES);
}

/**
 * The name given to --api-key-file is never printed: someone who passes the key itself there by
 * mistake would otherwise see it in a CI log. Messages say "the file given to --api-key-file".
 */
const KEY_FILE = 'the file given to --api-key-file';
/** The API key: --api-key-file when given (read once per run), else EMCTL_API_KEY; undefined when neither. */
export async function readKey(apiKeyFile: string | undefined, io: WorkflowIO): Promise<string | undefined> {
  if (apiKeyFile !== undefined) {
    const path = absolutePath(io.cwd, apiKeyFile);
    let bytes: Buffer | undefined;
    try {
      // Read once already when the run started (cli/redact-output.ts), unless it could not be.
      bytes = io.keyFiles?.has(path) ? io.keyFiles.get(path) : await readKeyFileBytes(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable');
      throw new EmctlError('config', `cannot read ${KEY_FILE} (${why}; the name is not shown, in case it is the key itself)`);
    }
    if (bytes === undefined) throw new EmctlError('config', `${KEY_FILE} holds more than ${MAX_KEY_FILE_BYTES} bytes; it must hold the key alone`);
    const key = bytes.toString('utf8').trim();
    if (key === '') throw new EmctlError('config', `${KEY_FILE} is empty`);
    return checkKeyCharacters(key, KEY_FILE);
  }
  const fromEnv = io.env.EMCTL_API_KEY?.trim();
  return fromEnv ? checkKeyCharacters(fromEnv, 'EMCTL_API_KEY') : undefined;
}

/** A header value cannot carry spaces or control characters; say so without showing the key. */
function checkKeyCharacters(key: string, source: string): string {
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new EmctlError('config', `${source} holds an API key with spaces, line breaks or non-ASCII characters; it must be the key alone`);
  }
  return key;
}
