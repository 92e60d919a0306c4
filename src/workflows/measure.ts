// `emctl measurements`: the request from flags or from the config's reports, checked with
// the same rules `validate` applies (src/measure/jobs.ts), then run through the API
// (src/measure/run.ts) and rendered (src/measure/render), to stdout, to each output file
// (written atomically) or to a store. Notices and the v1 progress line go to stderr, data to stdout.

import { existsSync } from 'node:fs';
import { configPathIn, loadConfigOrThrow } from '../config/index.js';
import { EmctlError } from '../contract/errors.js';
import type { DesiredConfig } from '../core/model.js';
import type { MeasurementsOptions } from '../measure/flags.js';
import { configGoals } from '../measure/goals/lines.js';
import { planJobs, resolveJobTeams, teamNamesOf } from '../measure/jobs.js';
import { ServiceDirectory } from '../measure/service-directory.js';
import { requestNotices } from '../measure/notices.js';
import { askedWindowOf, runMeasurements, windowOf } from '../measure/run.js';
import { configChecks } from './config-checks.js';
import { connect } from './connect.js';
import { shownPath } from '../output/paths.js';
import { nowOf, type WorkflowIO } from './io.js';
import { runFromStore } from './measure-from-store.js';
import { labelOf, outputs, storeOf } from './measure-output.js';
import type { Dependencies } from './options.js';

export async function measureWorkflow(deps: Dependencies, io: WorkflowIO, reports: string[], opts: MeasurementsOptions): Promise<void> {
  const { globals } = deps;
  if (opts.api !== 'v1' && opts.api !== 'v2') throw new EmctlError('config', `--api takes v2 (the default) or v1; got "${opts.api}"`);
  if (opts.from !== undefined) {
    if (reports.length > 0 || opts.all) throw new EmctlError('config', '--from renders stored rows with the selection flags; reports run against the service: give one of them');
    const { config } = await loadConfigFor(opts, false, io);
    await runFromStore(opts.from, opts, globals, io, configGoals(config));
    return;
  }
  if (reports.length === 0 && !opts.all && opts.metric === undefined) {
    throw new EmctlError('config', 'name the metrics (--metric NAME[:AGG]) or the reports of the config to run (REPORT... or --all); see emctl measurements --help');
  }
  const { config, path } = await loadConfigFor(opts, reports.length > 0 || Boolean(opts.all), io);
  const planned = planJobs(reports, opts, config, path, io.cwd);
  if (opts.api === 'v1') {
    io.stderr.write('Warning: the v1 measurements API (--api v1) is deprecated by the service since 2023-10-01; the v2 API (the default) answers at once.\n');
  }
  // One "now" for the whole run: the windows the notes name are the windows requested.
  const now = nowOf(io);
  for (const job of planned) {
    for (const notice of requestNotices(job.spec, windowOf(job.spec, now), askedWindowOf(job.spec, now))) io.stderr.write(`${labelOf(job)}${notice}\n`);
  }
  const connection = await connect(globals, io);
  // The service's team and contributor lists, read once for every request of the run.
  const directory = new ServiceDirectory(connection.client.lists, (text) => io.stderr.write(`${text}\n`));
  const deliver = outputs(io, globals, now, planned, connection.baseUrl, configGoals(config));
  const progress = progressLine(io);
  const failures: string[] = [];
  try {
    const jobs = await connection.reading(() => resolveJobTeams(planned, () => directory.teams(), config));
    for (const job of jobs) {
      const label = labelOf(job);
      try {
        const store = await storeOf(job, io, label);
        const output = await connection.reading(() => runMeasurements(connection.client, job.spec, {
          report: job.report,
          now,
          teamNames: teamNamesOf(config) ?? new Map(),
          directory,
          api: opts.api === 'v1' ? 'v1' : 'v2',
          serverExport: Boolean(opts.serverExport),
          notice: (text) => io.stderr.write(`${label}${text}\n`),
          progress: (text, done) => progress(label, text, done),
        }));
        await deliver(job, output, store);
      } catch (error) {
        if (jobs.length === 1) throw error;
        const message = error instanceof Error ? error.message : String(error);
        failures.push(`${job.report ?? ''}: ${message}`);
        io.stderr.write(`${label}failed: ${message}\n`);
      }
    }
  } finally {
    await connection.close();
  }
  if (failures.length > 0) throw new EmctlError('api', `${failures.length} of ${planned.length} reports failed`, failures);
}

/** The config: -c PATH when given (it must load); else ./emctl.yaml when it exists (team names, reports). */
async function loadConfigFor(opts: MeasurementsOptions, needed: boolean, io: WorkflowIO): Promise<{ config?: DesiredConfig; path?: string }> {
  const path = configPathIn(io.cwd, opts.config);
  if (opts.config === undefined && !needed && !existsSync(path)) return {};
  return { config: await loadConfigOrThrow(path, configChecks(nowOf(io)), (file) => shownPath(io.cwd, file)), path };
}

/** The v1 API's progress: on a terminal one line rewritten in place; elsewhere its first and last lines. */
function progressLine(io: WorkflowIO): (label: string, text: string, done: boolean) => void {
  let shown = false;
  return (label, text, done) => {
    if (io.stderr.isTTY) io.stderr.write(`\r\x1b[2K${label}${text}${done ? '\n' : ''}`);
    else if (done || !shown) io.stderr.write(`${label}${text}\n`);
    shown = !done;
  };
}
