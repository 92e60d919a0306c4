// The API key is never taken from a flag value (DESIGN 1), and never echoed when someone tries:
// `--api-key KEY` / `--api-key=KEY` is refused before commander sees it (its "unknown option"
// message would print the key), and any other unknown `--option=value` is echoed without its value.

import { EmctlError } from '../contract/errors.js';

/** Flags people reach for when they mean to pass a key: --api-key, --apikey, --api_key, --key, --token. */
const KEY_FLAG = /^--(?:api[-_]?key|key|token)(?:=|$)/i;

/** Throws, without repeating the value, when argv passes a key as a flag (before a `--`). */
export function refuseKeyFlag(argv: readonly string[]): void {
  for (const arg of argv) {
    if (arg === '--') return;
    if (KEY_FLAG.test(arg)) {
      const name = arg.split('=')[0] ?? arg;
      throw new EmctlError(
        'config',
        `${name} is not an option: the API key is never taken from a flag value (it would stay in shell history and process lists); set EMCTL_API_KEY or pass --api-key-file PATH`,
      );
    }
  }
}

/** A commander error message with the value of every `--option=value` it quotes left out. */
export function withoutOptionValues(message: string): string {
  return message.replace(/'(--?[A-Za-z][\w-]*)=[^']*'/g, "'$1=…'");
}
