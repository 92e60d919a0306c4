// Which goals one `emctl goals` judges (DESIGN.md section 12): the named ones, or every goal of the
// config (`--all`, or no name at all), each checked with the rules `validate` applies, every
// problem of every goal at once.

import { EmctlError } from '../../contract/errors.js';
import type { DesiredConfig } from '../../core/model.js';
import { identifiedTeams } from '../../core/kinds/team-directory.js';
import { GOAL_FORMATS, type GoalFormat } from '../output-formats.js';
import { hint } from '../spec-problem.js';
import { checkGoal, type GoalSpec } from './spec.js';


/** --format, else the extension of --out (`.md`, `.json`), else text. */
export function goalFormat(format: string | undefined, out: string | undefined): GoalFormat {
  if (format !== undefined) {
    if ((GOAL_FORMATS as readonly string[]).includes(format)) return format as GoalFormat;
    throw new EmctlError('config', `--format: one of ${GOAL_FORMATS.join(', ')}; got "${format}"${hint(format, GOAL_FORMATS)}`);
  }
  const ext = out === undefined ? '' : out.slice(out.lastIndexOf('.')).toLowerCase();
  return ext === '.json' ? 'json' : ext === '.md' || ext === '.markdown' ? 'markdown' : 'text';
}

export function chooseGoals(config: DesiredConfig, names: readonly string[], all: boolean, configPath: string): GoalSpec[] {
  if (all && names.length > 0) throw new EmctlError('config', '--all judges every goal; name goals or give --all, not both');
  const defined = config.goals ?? [];
  if (defined.length === 0) throw new EmctlError('config', `the config ${configPath} has no goals: section (docs/goals.md)`);
  const byName = new Map(defined.map((g) => [g.name, g]));
  const chosen = names.length === 0 ? defined.map((g) => g.name) : [...new Set(names)];
  const missing = chosen.filter((n) => !byName.has(n));
  if (missing.length > 0) {
    const known = defined.map((g) => g.name);
    const first = missing[0] ?? '';
    throw new EmctlError('config', `no goal named ${missing.map((m) => `\`${m}\``).join(', ')} in ${configPath}${missing.length === 1 ? hint(first, known) : ''}`, [`goals: ${known.join(', ')}`]);
  }
  const teams = new Map(identifiedTeams(config).map((t) => [t.id, t.name]));
  const goals: GoalSpec[] = [];
  const problems: string[] = [];
  for (const name of chosen) {
    const definition = byName.get(name)?.definition ?? {};
    const checked = checkGoal(name, definition, { configTeams: teams, api: 'v2', serverExport: false });
    for (const p of checked.problems) problems.push(`goal \`${name}\`: ${p.path.length > 0 ? `${p.path.join('.')}: ` : ''}${p.message}`);
    if (checked.goal) goals.push(checked.goal);
  }
  if (problems.length > 0) throw new EmctlError('config', `invalid goal: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`, problems);
  return goals;
}
