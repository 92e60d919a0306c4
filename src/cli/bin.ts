#!/usr/bin/env node
// The `emctl` executable: wires the process to runCli.

import { exitCodeForStop } from './exit.js';
import { runCli } from './program.js';
import { dropWritesToClosedPipe, lineReader } from './io.js';
import { type WorkflowIO } from '../workflows/io.js';

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
