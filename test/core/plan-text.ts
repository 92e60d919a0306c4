// A plan as text lines, so a table test's expectation reads like the tool's output
// (dnscontrol's analyze_test.go habit): changes, then operations by stage, then messages.

import type { Plan } from '../../src/core/plan-model.js';
import type { DesiredSpec, LiveSpec } from './builders.js';

/** One table case: a config, the live state, and the plan expected, as planLines prints it. */
export interface PlanCase {
  name: string;
  config: DesiredSpec;
  live: LiveSpec;
  want: string[];
  options?: TextOptions;
}

const MARK = { add: '+', remove: '-', update: '~' } as const;

export interface TextOptions {
  /** Append `[impacts]` and `!destructive` to change lines. */
  impacts?: boolean;
  /** Leave operations out (cases about the diff only). */
  noOps?: boolean;
  /** Leave changes out (cases about operations only). */
  noChanges?: boolean;
}

export function planLines(plan: Plan, options: TextOptions = {}): string[] {
  const lines: string[] = [];
  if (!options.noChanges) {
    for (const c of plan.changes) {
      let line = `${MARK[c.action]} ${c.address}`;
      if (options.impacts && c.impacts.length > 0) line += ` [${c.impacts.join(', ')}]`;
      if (options.impacts && c.destructive) line += ` !${c.destructive}`;
      // The rule that made a change, as the text renderer shows it.
      if (c.rule !== undefined) line += `  (rule "${c.rule}")`;
      lines.push(line);
    }
  }
  if (!options.noOps) {
    for (const op of plan.operations) {
      let line = `stage ${op.stage} ${op.method} ${op.path}`;
      if (op.body !== undefined) line += ` ${JSON.stringify(op.body)}`;
      if (op.dependsOn.length > 0) line += ` after ${op.dependsOn.join(',')}`;
      lines.push(line);
    }
  }
  for (const e of plan.errors) lines.push(`error: ${e.message}${e.address ? ` @ ${e.address}` : ''}${e.location ? ` (${e.location})` : ''}`);
  for (const w of plan.warnings) lines.push(`warning: ${w.message}${w.address ? ` @ ${w.address}` : ''}`);
  return lines;
}
