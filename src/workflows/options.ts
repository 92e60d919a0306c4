// The global options as every workflow that talks to the service takes them (DESIGN.md §1).

import { plainStyle, terminalStyle, type Style } from '../render/style.js';

/** Options every command accepts (DESIGN.md §1, global options). */
export interface GlobalOptions {
  baseUrl?: string;
  apiKeyFile?: string;
  emulator?: string;
  concurrency: number;
  rateLimit: number;
  /** --max-throttle-wait: how long a route may answer nothing but 429 before the run gives up; 0 = no limit. */
  maxThrottleWaitMs?: number;
  /** Colour allowed: no --no-color, no NO_COLOR. */
  color: boolean;
  /** FORCE_COLOR (set, and not 0 or false): colour even when stdout is not a terminal, if allowed. */
  forceColor?: boolean;
  verbose: boolean;
  insecureHttp: boolean;
}

/**
 * Whether to paint what goes to `stream`. --no-color and NO_COLOR win (a "no" is never
 * overridden), then FORCE_COLOR (CI logs that render ANSI), then whether the stream is a terminal.
 */
export function colorFor(globals: Pick<GlobalOptions, 'color' | 'forceColor'>, stream: { isTTY?: boolean }): boolean {
  return globals.color && (globals.forceColor === true || stream.isTTY === true);
}

/** Colour only on a terminal (or with FORCE_COLOR), and never with --no-color or NO_COLOR. */
export function styleFor(io: { stdout: { isTTY?: boolean } }, globals: Pick<GlobalOptions, 'color' | 'forceColor'>): Style {
  return colorFor(globals, io.stdout) ? terminalStyle() : plainStyle;
}

/** What a workflow is given besides its io: the settings of its connection to the service. */
export interface Dependencies {
  globals: GlobalOptions;
}
