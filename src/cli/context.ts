// What a command's action gets from the program (the io, the global options in force, where to
// record its exit code), and which global options each command shows.

import type { Command } from 'commander';
import type { WorkflowIO } from '../workflows/io.js';
import type { GlobalOptions } from '../workflows/options.js';

/** Global options that only matter to commands that call the service. */
export const NETWORK_OPTIONS = new Set(['--base-url', '--api-key-file', '--emulator', '--concurrency', '--rate-limit', '--max-throttle-wait', '--verbose', '--insecure-http']);

/** Commands that never call the service: their help leaves the network options out. */
export const OFFLINE_COMMANDS = new Set(['validate', 'show', 'completion', 'version', 'emulator']);

/** What a command's action receives besides its own options. */
export interface CommandContext {
  io: WorkflowIO;
  /** Global options as given for this invocation. */
  globals(command: Command): GlobalOptions;
  /** Records the command's exit code (0 when never called). */
  exit(code: number): void;
}
