// Error kinds shared by every layer. The CLI maps a kind to an exit code in one place
// (src/cli/exit.ts); nothing else decides exit codes.

export type ErrorKind =
  /** Invalid config, bad flags, unreadable files: exit 1. */
  | 'config'
  /** An API call failed or a write was rejected: exit 1. */
  | 'api'
  /** The plan predicts the service would refuse a change: exit 1, before any write. */
  | 'predicted-refusal'
  /** A safety rail refused (threshold, protected address); --force overrides: exit 3. */
  | 'safety'
  /** A saved plan no longer matches live state; never overridden: exit 3. */
  | 'stale-plan'
  /** Interrupted by the user (Ctrl-C): exit 1. */
  | 'interrupted';

export class EmctlError extends Error {
  readonly kind: ErrorKind;
  /** Extra lines shown under the message (one per problem), already free of secrets. */
  readonly details: readonly string[];

  constructor(kind: ErrorKind, message: string, details: readonly string[] = []) {
    super(message);
    this.name = 'EmctlError';
    this.kind = kind;
    this.details = details;
  }
}

/** What stands where the API key was, in errors and in everything emctl prints or writes. */
export const REDACTED = '[REDACTED]';
