// `emctl plan`: what apply would change, read-only. Addresses given to --target / --exclude are
// checked before anything is read (syntax) and after (each must name something); the plan is
// shown, its warnings reported, and saved when asked. A plan the service would refuse is an error.

import { EmctlError } from '../contract/errors.js';
import { ADDRESS_SYNTAX, addressSyntaxProblem, knownAddresses, unmatchedAddresses } from '../core/target-check.js';
import type { Plan } from '../core/plan-model.js';
import { absolutePath } from '../output/paths.js';
import { writeFileAtomically } from '../output/write-file.js';
import type { MadePlan } from '../plan/make.js';
import type { PlanFormat } from '../render/formats.js';
import { renderPlanJson } from '../render/json.js';
import { renderPlanAs } from '../render/plan-as.js';
import { refusalError, warningLines } from '../render/plan-messages.js';
import { connect } from './connect.js';
import type { WorkflowIO } from './io.js';
import { styleFor, type Dependencies } from './options.js';
import { loadDesired, planThrough } from './planning.js';

export interface PlanRequest {
  config?: string;
  out?: string;
  format: PlanFormat;
  target: string[];
  exclude: string[];
  changedFrom?: string;
}

export interface PlanResult {
  changesPending: boolean;
}

export async function planWorkflow(deps: Dependencies, io: WorkflowIO, request: PlanRequest): Promise<PlanResult> {
  const patterns = [
    ...request.target.map((address) => ({ flag: '--target' as const, address })),
    ...request.exclude.map((address) => ({ flag: '--exclude' as const, address })),
  ];
  checkAddressSyntax(patterns);
  const { config, changed } = await loadDesired(io, request.config, request.changedFrom);
  const connection = await connect(deps.globals, io);
  let made: MadePlan;
  try {
    made = await planThrough(connection, io, config, { targets: request.target, excludes: request.exclude, ...(changed === undefined ? {} : { changed }) });
  } finally {
    await connection.close();
  }
  const { plan, snapshot } = made;
  if (patterns.length > 0) checkAddressesExist(patterns, knownAddresses(config, snapshot, plan.changes.map((c) => c.address)));
  io.stdout.write(renderPlanAs(plan, request.format, styleFor(io, deps.globals)));
  io.stderr.write(warningLines(plan, request.format));
  // A plan the service would refuse cannot be applied, so it is not saved either.
  if (plan.errors.length > 0) throw refusalError(plan, { shownAbove: request.format === 'text' });
  if (request.out !== undefined) {
    await writePlanFile(io, request.out, plan);
    io.stderr.write(`Plan saved to ${request.out}; apply it with: emctl apply ${request.out}\n`);
  }
  return { changesPending: plan.changes.length > 0 };
}

type AddressPattern = { flag: '--target' | '--exclude'; address: string };

/** Before anything is read: every malformed address at once, with the syntax. */
function checkAddressSyntax(patterns: readonly AddressPattern[]): void {
  const bad = patterns.flatMap(({ flag, address }) => {
    const problem = addressSyntaxProblem(address);
    return problem === undefined ? [] : [`${flag} ${JSON.stringify(address)}: ${problem}`];
  });
  if (bad.length === 0) return;
  throw new EmctlError('config', `${bad.length === 1 ? 'an address is' : `${bad.length} addresses are`} not valid (nothing was read)`, [
    ...bad,
    'An address, or a prefix of one at a "." or "[":',
    ...ADDRESS_SYNTAX.map((s) => `  ${s}`),
  ]);
}

/** After the reads: an address naming nothing in the config or live is an error, never "No changes". */
function checkAddressesExist(patterns: readonly AddressPattern[], known: readonly string[]): void {
  const unmatched = unmatchedAddresses(known, patterns);
  if (unmatched.length === 0) return;
  throw new EmctlError(
    'config',
    `${unmatched.length === 1 ? 'an address matches' : `${unmatched.length} addresses match`} nothing in the config or the live state`,
    unmatched.map((u) => `${u.flag} ${u.address}${u.closest.length > 0 ? `: closest: ${u.closest.join(', ')}` : ''}`),
  );
}

/**
 * Writes the plan file atomically (temp file, then rename): a half-written plan is never applied.
 * The saved plan is the versioned JSON with the desired state it was made from (what `apply
 * PLANFILE` re-plans against); nothing in it comes from the connection.
 */
async function writePlanFile(io: WorkflowIO, file: string, plan: Plan): Promise<void> {
  const text = renderPlanJson(plan);
  // A plan file is never written with the key, and with [REDACTED] in its place it would no longer
  // be the plan that was reviewed: apply would refuse it as stale. Like a plan the service would
  // refuse, it is not saved (only a key short enough to be part of names gets here).
  if (io.redactor?.holds(text)) {
    throw new EmctlError(
      'config',
      `the plan was not saved to ${file}: it holds the API key's text (inside names from the service or the config), which a plan file never holds; apply in one run (emctl apply -c CONFIG), or use a key that is not part of your organization's names`,
    );
  }
  // 0o600: a plan holds the organization's desired state; it is for the person who made it.
  await writeFileAtomically(absolutePath(io.cwd, file), text, { name: `the plan file ${file}`, mode: 0o600, redactor: io.redactor });
}
