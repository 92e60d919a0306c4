// `emctl goals`: the config's goals (DESIGN.md section 12) judged on the latest complete bucket of
// each group, against the live service or a stored history (`--from`: no API call, no key), and
// told as text, a Markdown digest or versioned JSON. The judging, the shared requests and the
// outputs are src/measure/goals; this file orders them and owns the connection. Whether a goal was
// missed is returned; the exit code is the CLI's.

import { configPathIn, loadConfigOrThrow } from '../config/index.js';
import { EmctlError } from '../contract/errors.js';
import { escapeControlDeep } from '../core/escape.js';
import type { DesiredConfig } from '../core/model.js';
import { withDisplayNames } from '../measure/goals/display-names.js';
import type { JudgedGoal } from '../measure/goals/judge.js';
import { goalRequests, judgeLive } from '../measure/goals/live.js';
import { renderGoalsJson } from '../measure/goals/render-json.js';
import { renderGoalsMarkdown } from '../measure/goals/render-markdown.js';
import { renderGoalsText } from '../measure/goals/render-text.js';
import { chooseGoals, goalFormat } from '../measure/goals/select.js';
import type { GoalFormat } from '../measure/output-formats.js';
import type { GoalSpec } from '../measure/goals/spec.js';
import { judgeStored } from '../measure/goals/stored.js';
import { teamNamesOf } from '../measure/jobs.js';
import { ServiceDirectory } from '../measure/service-directory.js';
import { sourceOf } from '../measure/store/request.js';
import { isStoreTarget } from '../measure/store/target.js';
import { absolutePath, shownPath } from '../output/paths.js';
import { writeFileAtomically } from '../output/write-file.js';
import { configChecks } from './config-checks.js';
import { connect } from './connect.js';
import { nowOf, type WorkflowIO } from './io.js';
import { shownStore, storeTarget } from './measure-output.js';
import type { Dependencies } from './options.js';

export interface GoalsRequest {
  config?: string;
  all?: boolean;
  from?: string;
  format?: string;
  out?: string;
}

export interface GoalsResult {
  /** At least one group missed its goal. */
  missed: boolean;
}

export async function goalsWorkflow(deps: Dependencies, io: WorkflowIO, names: readonly string[], request: GoalsRequest): Promise<GoalsResult> {
  const format = goalFormat(request.format, request.out);
  if (request.out !== undefined && (request.out.trim() === '' || isStoreTarget(request.out))) {
    throw new EmctlError('config', '--out names the file the digest is written to (goals read a store with --from, they never write one)');
  }
  const path = configPathIn(io.cwd, request.config);
  const config = await loadConfigOrThrow(path, configChecks(nowOf(io)), (file) => shownPath(io.cwd, file));
  const goals = chooseGoals(config, names, Boolean(request.all), shownPath(io.cwd, path));
  const now = nowOf(io);
  const judged = request.from !== undefined ? await fromStore(deps, io, request.from, goals, now) : await live(deps, io, config, goals, now);
  const byName = new Map(judged.map((j) => [j.goal.name, j]));
  const ordered = goals.flatMap((g) => byName.get(g.name) ?? []);
  const text = render(ordered, format, now);
  if (request.out === undefined) io.stdout.write(text);
  else {
    const target = absolutePath(io.cwd, request.out);
    await writeFileAtomically(target, text, { createDirectory: true, name: shownPath(io.cwd, target), redactor: io.redactor });
    io.stderr.write(`wrote ${shownPath(io.cwd, target)} (${format}, ${ordered.length} ${ordered.length === 1 ? 'goal' : 'goals'})\n`);
  }
  return { missed: ordered.some((j) => j.counts.missed > 0) };
}

/** Against the service: team names resolved before any measurement call, then the shared requests. */
async function live(deps: Dependencies, io: WorkflowIO, config: DesiredConfig, goals: readonly GoalSpec[], now: Date): Promise<JudgedGoal[]> {
  const connection = await connect(deps.globals, io);
  const notice = (text: string) => io.stderr.write(`${text}\n`);
  try {
    const ctx = { now, teamNames: teamNamesOf(config) ?? new Map(), directory: new ServiceDirectory(connection.client.lists, notice), notice };
    const configNames = config.teams.flatMap((t) => (t.name === undefined ? [] : [t.name]));
    return await connection.reading(async () => judgeLive(connection.client, await goalRequests(goals, ctx, configNames), ctx));
  } finally {
    await connection.close();
  }
}

/** On stored history: no connection, no key. */
async function fromStore(deps: Dependencies, io: WorkflowIO, from: string, goals: readonly GoalSpec[], now: Date): Promise<JudgedGoal[]> {
  const target = storeTarget(from, io.cwd, '--from');
  const judged = await judgeStored(target, goals, { now, source: sourceOf(deps.globals), env: io.env });
  io.stderr.write(`judged on ${shownStore(io, target)}\n`);
  return judged;
}

function render(judged: readonly JudgedGoal[], format: GoalFormat, now: Date): string {
  const generatedAt = now.toISOString().replace(/\.\d+Z$/, 'Z');
  // Names the service does not bound are cut to a display length first, in every format.
  const named = withDisplayNames(judged);
  if (format === 'json') return renderGoalsJson(named, generatedAt);
  // Names from the service are shown, never obeyed as terminal control (DESIGN 8); JSON escapes them itself.
  const shown = escapeControlDeep(named);
  return format === 'markdown' ? renderGoalsMarkdown(shown, { generatedAt }) : renderGoalsText(shown);
}
