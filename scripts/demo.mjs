#!/usr/bin/env node
// The whole emctl story in one process, with no account: start the bundled emulator on the example
// Acme organization, then validate, plan, apply, and plan again to see nothing left to do; then the
// organization's delivery metrics for the last 90 days as a table, a terminal chart and an HTML page.
// Every step goes through the real CLI entry (runCli from dist/), exactly as `emctl ...` would.
//
// Run with `npm run demo` (builds first). Exits non-zero if any step does not end as expected.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../dist/cli/program.js';
import { loadFixtureFile, startEmulator } from '../dist/emulator/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixturePath = join(root, 'examples', 'acme', 'emulator.yaml');
const configPath = join(root, 'examples', 'acme', 'emctl.yaml');
const show = (p) => relative(process.cwd(), p) || '.';

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (s) => (color ? `\x1b[1m${s}\x1b[22m` : s);
const dim = (s) => (color ? `\x1b[2m${s}\x1b[22m` : s);

function heading(step, total, title, explanation) {
  process.stdout.write(`\n${bold(`== Step ${step}/${total}: ${title}`)}\n${dim(explanation)}\n\n`);
}

async function main() {
  const fixture = await loadFixtureFile(fixturePath);
  const apiKey = fixture.api_keys?.[0];
  if (!apiKey) throw new Error(`${show(fixturePath)} lists no api_keys`);
  const emulator = await startEmulator({ fixture, port: 0 });
  // Journals land in .emctl/ under the working directory: the demo's go to a temporary directory
  // (left in place, so the journal path apply prints can be opened), not into the repository.
  const workDir = await mkdtemp(join(tmpdir(), 'emctl-demo-'));

  const io = {
    stdout: process.stdout,
    stderr: process.stderr,
    // No terminal input: the demo approves with --auto-approve, as CI would.
    stdin: { isTTY: false },
    env: { ...process.env, EMCTL_BASE_URL: emulator.url, EMCTL_API_KEY: apiKey },
    cwd: workDir,
    onInterrupt(handler) {
      process.on('SIGINT', handler);
      return () => process.off('SIGINT', handler);
    },
  };

  const reportPath = join(workDir, 'emctl-report.html');
  const delivery = 'branch.computed.cycle_time:p75,branch.time_to_review:p50,pr.merged';
  const steps = [
    {
      title: 'validate the desired state (offline)',
      explanation: `emctl validate -c ${show(configPath)}\nSchema and cross-reference checks; no request is sent.`,
      args: ['validate', '-c', configPath],
    },
    {
      title: 'plan against the live organization',
      explanation: `emctl plan -c ${show(configPath)}\nReads exactly what the config manages and shows what apply would change, and in how many API calls.`,
      args: ['plan', '-c', configPath],
    },
    {
      title: 'apply the plan',
      explanation: `emctl apply -c ${show(configPath)} --auto-approve\nPlans again, runs the calls stage by stage, reports each change, and keeps a journal.`,
      args: ['apply', '-c', configPath, '--auto-approve'],
    },
    {
      title: 'plan again: nothing left to do',
      explanation: `emctl plan -c ${show(configPath)} --detailed-exitcode\nExit 0 means live state now matches the config (2 would mean changes are still pending).`,
      args: ['plan', '-c', configPath, '--detailed-exitcode'],
    },
    {
      title: 'delivery metrics of the last 90 days, per team',
      explanation:
        `emctl measurements -c ${show(configPath)} --metric ${delivery} --group-by team --team managed --last 90d\n` +
        'Team names come from the config; durations read as days and hours. Same request as csv, json or markdown with --format.',
      args: ['measurements', '-c', configPath, '--metric', delivery, '--group-by', 'team', '--team', 'managed', '--last', '90d'],
    },
    {
      title: 'the same, week by week, as a terminal chart',
      explanation: `emctl measurements -c ${show(configPath)} --metric branch.computed.cycle_time:p75,pr.merged --group-by team --team Payments,Checkout,Platform --roll-up 1w --last 13w --format chart`,
      args: ['measurements', '-c', configPath, '--metric', 'branch.computed.cycle_time:p75,pr.merged', '--group-by', 'team', '--team', 'Payments,Checkout,Platform', '--roll-up', '1w', '--last', '13w', '--format', 'chart'],
    },
    {
      title: 'an HTML report for a static site',
      explanation: `emctl measurements -c ${show(configPath)} --metric ${delivery} --group-by team --team managed --roll-up 1w --last 13w --out ${reportPath}\nOne self-contained file: an SVG chart per metric and the table; open it in a browser.`,
      args: ['measurements', '-c', configPath, '--metric', delivery, '--group-by', 'team', '--team', 'managed', '--roll-up', '1w', '--last', '13w', '--out', reportPath],
    },
    {
      title: 'keep the weekly history in a database',
      explanation:
        `emctl measurements -c ${show(configPath)} --metric ${delivery} --group-by team --team managed --roll-up 1w --last 13w --out sqlite:metrics/history.db\n` +
        'One SQLite file, table emctl_measurements: a row per week, team and metric. A re-run replaces values in place and adds no row (PostgreSQL: --out postgres://...).',
      args: ['measurements', '-c', configPath, '--metric', delivery, '--group-by', 'team', '--team', 'managed', '--roll-up', '1w', '--last', '13w', '--out', 'sqlite:metrics/history.db'],
    },
    {
      title: 'read the history back, with no API call',
      explanation: 'emctl measurements --from sqlite:metrics/history.db --metric pr.merged --format markdown\nEvery output format works from stored rows; no key is needed.',
      args: ['measurements', '--from', 'sqlite:metrics/history.db', '--metric', 'pr.merged', '--format', 'markdown'],
    },
  ];

  process.stdout.write(bold(`emctl demo: the example Acme organization on an emulator at ${emulator.url}\n`));
  let failed;
  try {
    for (const [i, step] of steps.entries()) {
      heading(i + 1, steps.length, step.title, step.explanation);
      const code = await runCli(step.args, io);
      if (code !== 0) {
        failed = `step ${i + 1} (${step.args[0]}) exited ${code}`;
        break;
      }
    }
  } finally {
    await emulator.close();
  }
  if (failed) {
    process.stderr.write(`\ndemo failed: ${failed}\n`);
    return 1;
  }
  process.stdout.write(`\n${bold('Done:')} validated, planned, applied, the second plan is empty, and the metrics are out.\n`);
  process.stdout.write(`HTML report: ${reportPath}\n`);
  process.stdout.write(`History database: ${join(workDir, 'metrics', 'history.db')}\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
