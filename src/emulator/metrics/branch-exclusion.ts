// A repository's effective exclude_branches / exclude_base_branches (its override, else the
// organization's): a PR whose branch or base branch matches counts in no metric (DESIGN.md §6.2).
//
// The patterns are the service's Python regexes, run on every branch name, and one can take
// exponential time (`(.*.*)*!$`): evaluated in place, one measurement call would hold the event
// loop, and no route would answer (DESIGN 8: no pattern stops the emulator from answering). So
// each pattern is evaluated once per activity index, over every distinct name at once, inside a
// vm context with a time budget (V8 interrupts a runaway match there). One budget serves a whole
// measurement call, however many patterns it evaluates, so the other routes never wait more than
// one budget. A pattern that ran out of a whole budget on its own is remembered as such, and every
// call that needs it is answered with an error naming it at once.

import vm from 'node:vm';
import { checkPythonRegex } from '../../contract/python-regex.js';
import type { EmulatorState } from '../state/state.js';
import type { ActivityIndex } from './activity-index.js';

/** Time the patterns one measurement call evaluates may take, over every distinct name of the activity. */
const PATTERN_BUDGET_MS = 1000;

/** A pattern that did not finish within its budget: the measurement route answers 500 naming it. */
export class PatternOverBudget extends Error {
  constructor(
    readonly pattern: string,
    readonly names: number,
  ) {
    super(`the branch pattern ${JSON.stringify(pattern)} did not finish within the ${PATTERN_BUDGET_MS} ms a measurement call has for its patterns, over ${names} branch names (it backtracks exponentially); fix exclude_branches / exclude_base_branches`);
  }
}

/** Per distinct name, 1 when the pattern matches it; or the pattern's failure. */
type Verdicts = Uint8Array | PatternOverBudget;

const EVALUATE = new vm.Script('for (let i = 0; i < names.length; i++) out[i] = re.test(names[i]) ? 1 : 0;');

/** `re` over every name, or PatternOverBudget when that takes longer than the budget. */
function evaluate(pattern: string, re: RegExp, names: readonly string[], budgetMs: number): Verdicts {
  const out = new Uint8Array(names.length);
  try {
    EVALUATE.runInContext(vm.createContext({ names, re, out }), { timeout: Math.max(1, Math.floor(budgetMs)) });
    return out;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return new PatternOverBudget(pattern, names.length);
    throw error;
  }
}

/** The activity's branch names, each once, and per PR the index of its own. */
interface BranchNames {
  names: string[];
  of: Int32Array;
}

/** Per activity index: its distinct branch names and each pattern's verdicts on them and on the base branches. */
interface IndexPatterns {
  branches: BranchNames;
  onBranches: Map<string, Verdicts>;
  onBases: Map<string, Verdicts>;
}

/** Bounded: clients can write any number of distinct patterns over time. */
const MAX_PATTERNS = 1000;
const byIndex = new WeakMap<ActivityIndex, IndexPatterns>();

function patternsOf(ix: ActivityIndex): IndexPatterns {
  let found = byIndex.get(ix);
  if (found === undefined) {
    const ids = new Map<string, number>();
    const names: string[] = [];
    const of = new Int32Array(ix.branch.length);
    ix.branch.forEach((name, i) => {
      let id = ids.get(name);
      if (id === undefined) ids.set(name, (id = names.push(name) - 1));
      of[i] = id;
    });
    found = { branches: { names, of }, onBranches: new Map(), onBases: new Map() };
    byIndex.set(ix, found);
  }
  return found;
}

/** A pattern's verdicts over `names`, computed once (a pattern that does not compile matches nothing). */
/** What is left of one measurement call's budget for its patterns. */
interface CallBudget {
  leftMs: number;
}

function verdictsOf(cache: Map<string, Verdicts>, pattern: string, names: readonly string[], budget: CallBudget): Uint8Array {
  let verdicts = cache.get(pattern);
  if (verdicts === undefined) {
    if (cache.size >= MAX_PATTERNS) cache.clear();
    const check = checkPythonRegex(pattern);
    // The emulator refuses patterns that do not compile on write; one in a fixture matches nothing.
    const whole = budget.leftMs >= PATTERN_BUDGET_MS;
    const started = performance.now();
    verdicts = check.ok ? evaluate(pattern, new RegExp(check.source, check.flags.replace(/[gy]/g, '')), names, budget.leftMs) : new Uint8Array(names.length);
    budget.leftMs -= performance.now() - started;
    // Only a pattern that ran out of a whole budget alone is judged for good; one that met what
    // other patterns left of this call's budget is evaluated again by the next call.
    if (!(verdicts instanceof PatternOverBudget) || whole) cache.set(pattern, verdicts);
  }
  if (verdicts instanceof PatternOverBudget) throw verdicts;
  return verdicts;
}

/** The verdict arrays of one repository's effective patterns. */
interface Matcher {
  branch: Uint8Array[];
  base: Uint8Array[];
}

export class Exclusion {
  /** Per repository slot: its matcher, null when it excludes nothing, undefined before first use. */
  private readonly byRepo: (Matcher | null | undefined)[];
  private readonly bySettings = new Map<string, Matcher | null>();
  private readonly patterns: IndexPatterns;
  /** This measurement call's time for evaluating patterns (an Exclusion serves one call). */
  private readonly budget: CallBudget = { leftMs: PATTERN_BUDGET_MS };

  constructor(
    private readonly ix: ActivityIndex,
    private readonly state: EmulatorState,
  ) {
    this.byRepo = new Array<Matcher | null | undefined>(ix.repos.ids.length);
    this.patterns = patternsOf(ix);
  }

  /** Whether PR i is excluded by its repository's branch settings; PatternOverBudget when a pattern cannot be evaluated. */
  excluded(i: number): boolean {
    const repo = this.ix.repo[i]!;
    let matcher = this.byRepo[repo];
    if (matcher === undefined) {
      matcher = this.matcherFor(this.ix.repos.ids[repo]!);
      this.byRepo[repo] = matcher;
    }
    if (matcher === null) return false;
    const base = this.ix.base[i]!;
    if (base >= 0) for (const verdicts of matcher.base) if (verdicts[base] === 1) return true;
    const branch = this.patterns.branches.of[i]!;
    for (const verdicts of matcher.branch) if (verdicts[branch] === 1) return true;
    return false;
  }

  private matcherFor(repo: number): Matcher | null {
    const override = this.state.overrides.get(repo);
    const branch = (override?.exclude_branches ?? this.state.orgSettings.exclude_branches)?.patterns ?? [];
    const base = (override?.exclude_base_branches ?? this.state.orgSettings.exclude_base_branches)?.patterns ?? [];
    if (branch.length === 0 && base.length === 0) return null;
    const key = JSON.stringify([branch, base]);
    let matcher = this.bySettings.get(key);
    if (matcher === undefined) {
      const { branches, onBranches, onBases } = this.patterns;
      const all = (list: string[], cache: Map<string, Verdicts>, names: readonly string[]) => list.map((p) => verdictsOf(cache, p, names, this.budget));
      matcher = { branch: all(branch, onBranches, branches.names), base: all(base, onBases, this.ix.baseBranches) };
      this.bySettings.set(key, matcher);
    }
    return matcher;
  }
}
