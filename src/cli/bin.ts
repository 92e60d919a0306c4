#!/usr/bin/env node
// The `emctl` executable: wires the process to runCli.

import { Redactor } from '../output/redaction.js';
import { EXIT_ERROR, exitCodeForStop } from './exit.js';
import { runCli } from './program.js';
import { dropWritesToClosedPipe, lineReader } from './io.js';
import { type WorkflowIO } from '../workflows/io.js';

// An error no command caught (a stream failing outside a write, a callback of a timer): one line,
// no stack trace, the environment's key redacted; runCli's own errors never get here.
const lastResort = new Redactor();
lastResort.add(process.env.EMCTL_API_KEY);
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    process.stderr.write(lastResort.redact(`error: ${error instanceof Error ? error.message : String(error)}\n`));
    process.exit(EXIT_ERROR);
  });
}

const stdin = lineReader(process.stdin);
dropWritesToClosedPipe(process.stdout);
dropWritesToClosedPipe(process.stderr);

const io: WorkflowIO = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: { isTTY: process.stdin.isTTY, readLine: () => stdin.readLine() },
  env: process.env,
  cwd: process.cwd(),
  onInterrupt(handler) {
    process.on('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
  exitNow(why) {
    process.exit(exitCodeForStop(why));
  },
};

try {
  process.exitCode = await runCli(process.argv.slice(2), io);
} finally {
  // A prompt left stdin open; released, the process ends as soon as its output is written.
  stdin.close();
}
