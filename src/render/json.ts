// The saved, machine-readable plan (`emctl plan --out plan.json`, `--format json`): everything in the
// Plan, versioned, with a fixed key order and sorted keys inside values, so two plans of the same
// change are byte-identical and a saved plan diffs cleanly in review. parsePlanJson is its inverse
// and refuses a file that is not an emctl plan before apply can act on it.

import { jsonWithBidiEscaped } from '../core/escape.js';
import type {
  Action,
  Change,
  Impact,
  Operation,
  Plan,
  PlanMessage,
  ReadRecord,
} from '../core/plan-model.js';
import { HTTP_METHODS } from '../contract/types.js';
import type { DestructiveKind } from '../core/model.js';
import { canonical, isPlainObject } from './values.js';
import { KIND_NAMES } from '../core/kinds/registry.js';

/** The version of the saved plan's format; what each version changed is in docs/output.md. */
export const PLAN_FORMAT_VERSION = 2;

export function renderPlanJson(plan: Plan): string {
  return jsonWithBidiEscaped(JSON.stringify(planJsonValue(plan), null, 2)) + '\n';
}

/** The plan as the JSON form holds it: keys in their fixed order, values canonical (undefined ones are left out when written). */
export function planJsonValue(plan: Plan): Record<string, unknown> {
  return {
    format_version: plan.format_version,
    created_at: plan.created_at,
    emctl_version: plan.emctl_version,
    organization: plan.organization === undefined ? undefined : canonical(plan.organization),
    config_files: plan.config_files,
    scope:
      plan.scope === undefined
        ? undefined
        : {
            narrowed_by: plan.scope.narrowed_by,
            objects: plan.scope.objects,
            changed_from: plan.scope.changed_from,
            no_longer_managed: plan.scope.no_longer_managed,
            all_monitoring: plan.scope.all_monitoring,
          },
    summary: {
      add: plan.summary.add,
      update: plan.summary.update,
      remove: plan.summary.remove,
      operations: plan.summary.operations,
    },
    changes: plan.changes.map((c) => ({
      address: c.address,
      kind: c.kind,
      action: c.action,
      label: c.label,
      rule: c.rule,
      globs: c.globs,
      destructive: c.destructive,
      impacts: c.impacts,
      before: canonical(c.before),
      after: canonical(c.after),
      display: c.display === undefined ? undefined : canonical(c.display),
    })),
    operations: plan.operations.map((op) => ({
      id: op.id,
      stage: op.stage,
      method: op.method,
      path: op.path,
      route: op.route,
      description: op.description,
      addresses: op.addresses,
      depends_on: op.dependsOn,
      items: op.items?.map((item) => ({ key: item.key, address: item.address })),
      // Bodies last: they are the bulk of a large plan and the least read.
      body: op.body === undefined ? undefined : canonical(op.body),
    })),
    warnings: plan.warnings.map(message),
    errors: plan.errors.map(message),
    safety_refusals: plan.safety_refusals?.map((r) => canonical(r)),
    reads: plan.reads.map((r) => ({ addresses: r.addresses, method: r.method, path: r.path, digest: r.digest })),
    rules: plan.rules?.map((r) => ({ rule: r.rule, repositories: r.repositories, digest: r.digest })),
    totals: canonical(plan.totals),
    // Last: the whole desired state, which apply PLANFILE re-plans against; the bulkiest part.
    desired: plan.desired === undefined ? undefined : canonical(desiredKeys(plan.desired, TO_FILE)),
  };
}

function message(m: PlanMessage): PlanMessage {
  return { message: m.message, address: m.address, location: m.location };
}

const ACTIONS: readonly Action[] = ['add', 'remove', 'update'];
// Records, so that an impact or destructive kind added to the plan model cannot be left out here.
const IMPACTS = Object.keys({
  'history-recompute': true,
  backfill: true,
  'stops-collection': true,
  'counts-against-limit': true,
  'changes-team-metrics': true,
  'creates-team': true,
  'deletes-team': true,
} satisfies Record<Impact, true>) as Impact[];
const DESTRUCTIVE = Object.keys({
  stop_monitoring: true,
  deselect: true,
  scope_removal: true,
  override_removal: true,
  team_deletion: true,
} satisfies Record<DestructiveKind, true>) as DestructiveKind[];

/**
 * Where a text stopped being JSON, without quoting it: the parser's own message repeats part of
 * the text, and the file given may be anything (a key file named by mistake): " at line 3, column
 * 7" when the parser says where, ": the text ends early" at its end, else nothing.
 */
function jsonProblemPlace(text: string, error: Error): string {
  if (/Unexpected end of JSON input/.test(error.message)) return ': the text ends early';
  const at = /at position (\d+)/.exec(error.message);
  if (!at) return '';
  const before = text.slice(0, Number(at[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return ` at line ${line}, column ${column}`;
}

/**
 * Reads a saved plan. Throws an Error whose message says what is wrong and where
 * (`changes[3].action: expected one of add, remove, update`); the caller adds the file name.
 */
export function parsePlanJson(text: string): Plan {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`not an emctl plan: not valid JSON${jsonProblemPlace(text, error as Error)}`);
  }
  if (!isPlainObject(data)) throw new Error('not an emctl plan: expected a JSON object');
  if (!('format_version' in data)) throw new Error('not an emctl plan: no format_version');
  if (data.format_version !== PLAN_FORMAT_VERSION) {
    throw new Error(
      `unsupported plan format_version ${JSON.stringify(data.format_version)}: this emctl reads version ${PLAN_FORMAT_VERSION}; make the plan again with this emctl`,
    );
  }
  const r = new Reader();
  const plan: Plan = {
    format_version: PLAN_FORMAT_VERSION,
    config_files: r.strings(data.config_files, 'config_files'),
    changes: r.list(data.changes, 'changes', (v, at) => r.change(v, at)),
    operations: r.list(data.operations, 'operations', (v, at) => r.operation(v, at)),
    warnings: r.list(data.warnings, 'warnings', (v, at) => r.message(v, at)),
    errors: r.list(data.errors, 'errors', (v, at) => r.message(v, at)),
    summary: {
      add: r.count(field(data.summary, 'summary', 'add'), 'summary.add'),
      update: r.count(field(data.summary, 'summary', 'update'), 'summary.update'),
      remove: r.count(field(data.summary, 'summary', 'remove'), 'summary.remove'),
      operations: r.count(field(data.summary, 'summary', 'operations'), 'summary.operations'),
    },
    reads: r.list(data.reads, 'reads', (v, at) => r.read(v, at)),
    totals: r.totals(data.totals, 'totals'),
  };
  if (data.rules !== undefined) {
    plan.rules = r.list(data.rules, 'rules', (v, at) => {
      const o = r.object(v, at);
      return { rule: r.string(o.rule, `${at}.rule`), repositories: r.count(o.repositories, `${at}.repositories`), digest: r.string(o.digest, `${at}.digest`) };
    });
  }
  if (data.created_at !== undefined) plan.created_at = r.string(data.created_at, 'created_at');
  if (data.emctl_version !== undefined) plan.emctl_version = r.string(data.emctl_version, 'emctl_version');
  if (data.scope !== undefined) {
    const o = r.object(data.scope, 'scope');
    plan.scope = { narrowed_by: r.strings(o.narrowed_by, 'scope.narrowed_by'), objects: r.count(o.objects, 'scope.objects') };
    if (o.changed_from !== undefined) plan.scope.changed_from = r.string(o.changed_from, 'scope.changed_from');
    if (o.no_longer_managed !== undefined) plan.scope.no_longer_managed = r.count(o.no_longer_managed, 'scope.no_longer_managed');
    if (o.all_monitoring === true) plan.scope.all_monitoring = true;
  }
  if (data.organization !== undefined) {
    const o = r.object(data.organization, 'organization');
    plan.organization = {
      base_url: r.string(o.base_url, 'organization.base_url'),
      integrations: r.list(o.integrations, 'organization.integrations', (v, at) => {
        const i = r.object(v, at);
        return { id: r.count(i.id, `${at}.id`), type: r.string(i.type, `${at}.type`), provider: r.string(i.provider, `${at}.provider`), name: r.string(i.name, `${at}.name`) };
      }),
    };
  }
  // What apply would refuse, as shown when the plan was made; apply checks the rails again itself.
  if (data.safety_refusals !== undefined) {
    plan.safety_refusals = r.list(data.safety_refusals, 'safety_refusals', (v, at) => {
      const o = r.object(v, at);
      return { ...o, rail: r.oneOf(o.rail, ['threshold', 'protected'] as const, `${at}.rail`), message: r.string(o.message, `${at}.message`) };
    });
  }
  // The desired state's shape belongs to the config loader; apply checks it when it re-plans.
  if (data.desired !== undefined) plan.desired = desiredKeys(data.desired, FROM_FILE);
  return plan;
}

/**
 * The desired state's model keys that are not snake_case, as the plan file spells them. Only these:
 * its other keys are the config's own (already snake_case), and it has no map keyed by data.
 */
const COLLECTION_KEYS: ReadonlyArray<[model: string, file: string]> = [['entityType', 'entity_type']];
const TO_FILE = 0;
const FROM_FILE = 1;

/** The desired state with its camelCase model keys renamed to the file's snake_case, or back. */
function desiredKeys(desired: unknown, direction: typeof TO_FILE | typeof FROM_FILE): unknown {
  if (!isPlainObject(desired)) return desired;
  const out: Record<string, unknown> = { ...desired };
  if (Array.isArray(desired.collection)) out.collection = desired.collection.map((s: unknown) => renameKeys(s, COLLECTION_KEYS, direction));
  return out;
}

function renameKeys(value: unknown, pairs: ReadonlyArray<[string, string]>, direction: typeof TO_FILE | typeof FROM_FILE): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const pair of pairs) {
    const from = pair[direction];
    const to = pair[1 - direction]!;
    if (from in out) {
      out[to] = out[from];
      delete out[from];
    }
  }
  return out;
}

function field(value: unknown, at: string, key: string): unknown {
  if (!isPlainObject(value)) throw invalid(at, 'expected an object');
  return value[key];
}

function invalid(at: string, problem: string): Error {
  return new Error(`not an emctl plan: ${at}: ${problem}`);
}

/** Shape checks with the path of the offending value in every message. */
class Reader {
  string(value: unknown, at: string): string {
    if (typeof value !== 'string') throw invalid(at, 'expected a string');
    return value;
  }

  optionalString(value: unknown, at: string): string | undefined {
    return value === undefined || value === null ? undefined : this.string(value, at);
  }

  count(value: unknown, at: string): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw invalid(at, 'expected a non-negative integer');
    }
    return value;
  }

  oneOf<T extends string>(value: unknown, allowed: readonly T[], at: string): T {
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
      throw invalid(at, `expected one of ${allowed.join(', ')}`);
    }
    return value as T;
  }

  list<T>(value: unknown, at: string, item: (v: unknown, at: string) => T): T[] {
    if (!Array.isArray(value)) throw invalid(at, 'expected a list');
    return value.map((v, i) => item(v, `${at}[${i}]`));
  }

  strings(value: unknown, at: string): string[] {
    return this.list(value, at, (v, itemAt) => this.string(v, itemAt));
  }

  object(value: unknown, at: string): Record<string, unknown> {
    if (!isPlainObject(value)) throw invalid(at, 'expected an object');
    return value;
  }

  change(value: unknown, at: string): Change {
    const o = this.object(value, at);
    if (!('before' in o) || !('after' in o)) throw invalid(at, 'expected before and after');
    const change: Change = {
      address: this.string(o.address, `${at}.address`),
      kind: this.oneOf(o.kind, KIND_NAMES, `${at}.kind`),
      action: this.oneOf(o.action, ACTIONS, `${at}.action`),
      before: o.before,
      after: o.after,
      impacts: this.list(o.impacts, `${at}.impacts`, (v, itemAt) => this.oneOf(v, IMPACTS, itemAt)),
    };
    if (o.destructive !== undefined) change.destructive = this.oneOf(o.destructive, DESTRUCTIVE, `${at}.destructive`);
    if (o.display !== undefined) {
      const display = this.object(o.display, `${at}.display`);
      change.display = {
        ...('before' in display ? { before: display.before } : {}),
        ...('after' in display ? { after: display.after } : {}),
      };
    }
    const label = this.optionalString(o.label, `${at}.label`);
    if (label !== undefined) change.label = label;
    const rule = this.optionalString(o.rule, `${at}.rule`);
    if (rule !== undefined) change.rule = rule;
    if (o.globs !== undefined) {
      const globs = this.object(o.globs, `${at}.globs`);
      change.globs = Object.fromEntries(Object.entries(globs).map(([id, glob]) => [id, this.string(glob, `${at}.globs.${id}`)]));
    }
    return change;
  }

  operation(value: unknown, at: string): Operation {
    const o = this.object(value, at);
    const op: Operation = {
      id: this.string(o.id, `${at}.id`),
      stage: this.count(o.stage, `${at}.stage`),
      method: this.oneOf(o.method, HTTP_METHODS, `${at}.method`),
      path: this.string(o.path, `${at}.path`),
      route: this.string(o.route, `${at}.route`),
      addresses: this.strings(o.addresses, `${at}.addresses`),
      dependsOn: this.strings(o.depends_on, `${at}.depends_on`),
      description: this.string(o.description, `${at}.description`),
    };
    if (o.body !== undefined) op.body = o.body;
    if (o.items !== undefined) {
      op.items = this.list(o.items, `${at}.items`, (v, itemAt) => {
        const item = this.object(v, itemAt);
        return { key: this.string(item.key, `${itemAt}.key`), address: this.string(item.address, `${itemAt}.address`) };
      });
    }
    return op;
  }

  message(value: unknown, at: string): PlanMessage {
    const o = this.object(value, at);
    const m: PlanMessage = { message: this.string(o.message, `${at}.message`) };
    const address = this.optionalString(o.address, `${at}.address`);
    if (address !== undefined) m.address = address;
    const location = this.optionalString(o.location, `${at}.location`);
    if (location !== undefined) m.location = location;
    return m;
  }

  read(value: unknown, at: string): ReadRecord {
    const o = this.object(value, at);
    return {
      addresses: this.strings(o.addresses, `${at}.addresses`),
      method: this.oneOf(o.method, ['GET'] as const, `${at}.method`),
      path: this.string(o.path, `${at}.path`),
      digest: this.string(o.digest, `${at}.digest`),
    };
  }

  totals(value: unknown, at: string): Plan['totals'] {
    const o = this.object(value, at);
    const totals: Plan['totals'] = {};
    for (const [key, count] of Object.entries(o)) {
      totals[this.oneOf(key, DESTRUCTIVE, `${at} key`)] = this.count(count, `${at}.${key}`);
    }
    return totals;
  }
}
