// Runs the real emctl CLI in-process with captured output. Every CLI test goes through this.

import { exitCodeForStop } from '../../src/cli/exit.js';
import { runCli } from '../../src/cli/program.js';
import type { WorkflowIO } from '../../src/workflows/io.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The code given to io.exitNow (the process would have ended there), if it was called. */
  exitedNow?: number;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Lines fed to prompts, in order. */
  input?: string[];
  /** When `input` runs out, a prompt waits (a person who has not answered yet) instead of seeing end of input. */
  holdInput?: boolean;
  tty?: boolean;
  /**
   * Receives the Ctrl-C trigger of each handler the command registers, in order (`index` 0 is the
   * first: for plan-like commands the read's), so a test can interrupt a running command. A handler
   * the command removed again does nothing when fired, as with process.off.
   */
  onInterruptRegistered?: (fire: () => void, index: number) => void;
  /** The command's clock ("now" for measurement windows, plan stamps): the system's when absent. */
  now?: Date;
}

export async function runEmctl(args: string[], options: RunOptions = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  let exitedNow: number | undefined;
  const input = [...(options.input ?? [])];
  let registered = 0;
  const io: WorkflowIO = {
    stdout: { write: (s: string) => (stdout += s), isTTY: options.tty ?? false },
    stderr: { write: (s: string) => (stderr += s), isTTY: options.tty ?? false },
    stdin: {
      isTTY: options.tty ?? false,
      readLine: () => (input.length > 0 || !options.holdInput ? Promise.resolve(input.shift()) : new Promise<undefined>(() => {})),
    },
    env: { NO_COLOR: '1', ...options.env },
    cwd: options.cwd ?? process.cwd(),
    ...(options.now !== undefined ? { now: () => options.now as Date } : {}),
    onInterrupt(handler) {
      let on = true;
      options.onInterruptRegistered?.(() => {
        if (on) handler();
      }, registered++);
      return () => {
        on = false;
      };
    },
    exitNow(why) {
      exitedNow ??= exitCodeForStop(why);
    },
  };
  const code = await runCli(args, io);
  return exitedNow === undefined ? { code, stdout, stderr } : { code, stdout, stderr, exitedNow };
}
