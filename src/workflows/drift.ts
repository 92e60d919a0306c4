// `emctl drift`: does live state still match the config? The same read and diff as `emctl plan`
// (src/plan/), through a client that has no write methods, so drift cannot write even by mistake.
// drift.ignore rules hide accepted drift, shown in an "ignored" section; expired rules warn.

import { readOnly } from '../api/read-only-client.js';
import { localToday } from '../contract/calendar.js';
import { renderDrift } from '../drift/render.js';
import { driftReport } from '../drift/report.js';
import type { MadePlan } from '../plan/make.js';
import type { PlanFormat } from '../render/formats.js';
import { refusalError, warningLines } from '../render/plan-messages.js';
import { connect } from './connect.js';
import { nowOf, type WorkflowIO } from './io.js';
import { styleFor, type Dependencies } from './options.js';
import { loadDesired, planThrough } from './planning.js';

export interface DriftRequest {
  config?: string;
  format: PlanFormat;
}

export interface DriftResult {
  drifted: boolean;
}

export async function driftWorkflow(deps: Dependencies, io: WorkflowIO, request: DriftRequest): Promise<DriftResult> {
  const { config } = await loadDesired(io, request.config);
  const connection = await connect(deps.globals, io);
  let made: MadePlan;
  try {
    // Every read goes through readOnly: drift is built through a client with no write method.
    made = await planThrough(connection, io, config, {}, readOnly(connection.client));
  } finally {
    await connection.close();
  }
  const report = driftReport(made.plan, config.drift.ignore, localToday(nowOf(io)));
  io.stdout.write(renderDrift(report, request.format, styleFor(io, deps.globals)));
  io.stderr.write(warningLines(report.plan, request.format));
  if (report.plan.errors.length > 0) throw refusalError(report.plan);
  return { drifted: report.plan.changes.length > 0 };
}
