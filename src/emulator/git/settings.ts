// Git settings sections (api-spec.md "Git settings sections"): service defaults, validation and
// normalization of a written section. Pure: used by the Git routes (request bodies), the fixture
// checks (git_config, repository_overrides) and the state built from a fixture (defaults).

import { type ValidationErrorItem } from '../../contract/types.js';
import { BACKFILL_SECTIONS, ORG_SECTIONS, REPO_SECTIONS, type BackfillDays, type OrgSection, type OrgSettings } from '../../contract/git-types.js';
import { checkPythonRegex } from '../../contract/python-regex.js';
import { isObject, Issues } from '../route/params.js';

/**
 * Service defaults for sections an organization never wrote. The spec does not give them
 * (docs/assumptions.md lists these choices).
 */
export const SERVICE_DEFAULTS: Required<OrgSettings> = {
  releases_detection: { method: 'merge_to_branch', pattern: '^(main|master)$' },
  draft_pull_requests: { labels: [], title_pattern: null },
  default_branch: { branch_name: null },
  exclude_branches: { patterns: [] },
  exclude_base_branches: { patterns: [] },
  exclude_file_extensions: { patterns: ['\\.lock$', '\\.min\\.js$', '\\.map$'] },
  include_file_extensions: { patterns: ['.*$'] },
  active_branches_duration: { days: 7 },
  coding_time_strategy: { method: 'first_commit' },
  issue_start_time: { method: 'first_transition' },
  bot_pr_attribution: { method: 'merge_actor' },
};

type Loc = (string | number)[];

export interface ValidatedSettings {
  /** Normalized sections (every optional field present, backfill_days removed). */
  settings: OrgSettings;
  /** backfill_days given with a section (write-time only). */
  backfill: Partial<Record<OrgSection, BackfillDays>>;
  /** The problems found, at most MAX_LISTED_ISSUES listed (route/params.ts). */
  issues: ValidationErrorItem[];
}

export interface SettingsRules {
  /** Sections this body may carry. */
  allowed: readonly OrgSection[];
  /** `deployment` is a read-only release method: accepted from fixtures, refused on writes. */
  allowDeployment: boolean;
  /** Prefix of every loc, e.g. ['body'] or ['git_config']. */
  loc: Loc;
}

const SECTION_FIELDS: Record<OrgSection, readonly string[]> = {
  releases_detection: ['method', 'pattern', 'backfill_days'],
  draft_pull_requests: ['labels', 'title_pattern'],
  default_branch: ['branch_name'],
  exclude_branches: ['patterns'],
  exclude_base_branches: ['patterns'],
  exclude_file_extensions: ['patterns'],
  include_file_extensions: ['patterns'],
  active_branches_duration: ['days'],
  coding_time_strategy: ['method', 'backfill_days'],
  issue_start_time: ['method'],
  bot_pr_attribution: ['method'],
};

const METHODS: Partial<Record<OrgSection, readonly string[]>> = {
  releases_detection: ['tags', 'pr_to_branch', 'merge_to_branch', 'api'],
  coding_time_strategy: ['first_commit', 'issue_state_pr'],
  issue_start_time: ['first_transition', 'last_transition'],
  bot_pr_attribution: ['merge_actor', 'assignee', 'none'],
};

const PATTERN_METHODS = ['tags', 'pr_to_branch', 'merge_to_branch'];


/** Validates and normalizes a settings body (a map of section name to section object). */
export function validateSettings(body: unknown, rules: SettingsRules): ValidatedSettings {
  const issues = new Issues();
  const settings: Record<string, unknown> = {};
  const backfill: Partial<Record<OrgSection, BackfillDays>> = {};
  const issue = (loc: Loc, type: string, msg: string) => issues.add([...rules.loc, ...loc], type, msg);
  if (!isObject(body)) {
    issue([], 'dict_type', 'Input should be a valid dictionary');
    return { settings: {}, backfill, issues: issues.items };
  }
  for (const [name, raw] of Object.entries(body)) {
    if (!(ORG_SECTIONS as readonly string[]).includes(name)) {
      issue([name], 'extra_forbidden', `Unknown section "${name}"`);
      continue;
    }
    const section = name as OrgSection;
    if (!rules.allowed.includes(section)) {
      issue([name], 'extra_forbidden', `Section "${name}" is organization-wide only and cannot be set per repository`);
      continue;
    }
    const before = issues.count;
    const value = normalizeSection(section, raw, rules, (loc, type, msg) => issue([name, ...loc], type, msg));
    if (issues.count > before || value === undefined) continue;
    settings[section] = value.value;
    if (value.backfill !== undefined) backfill[section] = value.backfill;
  }
  return { settings: settings as OrgSettings, backfill, issues: issues.items };
}

type Report = (loc: Loc, type: string, msg: string) => void;

function normalizeSection(
  section: OrgSection,
  raw: unknown,
  rules: SettingsRules,
  report: Report,
): { value: unknown; backfill?: BackfillDays } | undefined {
  if (!isObject(raw)) {
    report([], 'dict_type', 'Input should be a valid dictionary');
    return undefined;
  }
  for (const key of Object.keys(raw)) {
    if (!SECTION_FIELDS[section].includes(key)) report([key], 'extra_forbidden', 'Extra inputs are not permitted');
  }
  let backfill: BackfillDays | undefined;
  if (raw.backfill_days !== undefined && (BACKFILL_SECTIONS as readonly string[]).includes(section)) {
    if (raw.backfill_days === 90 || raw.backfill_days === 1) backfill = raw.backfill_days;
    else report(['backfill_days'], 'literal_error', 'Input should be 90 or 1');
  }
  const methods = METHODS[section];
  if (methods) {
    const allowed = section === 'releases_detection' && rules.allowDeployment ? [...methods, 'deployment'] : methods;
    if (raw.method === undefined) {
      report(['method'], 'missing', 'Field required');
      return undefined;
    }
    if (typeof raw.method !== 'string' || !allowed.includes(raw.method)) {
      const hint = raw.method === 'deployment' ? ' (deployment is read-only)' : '';
      report(['method'], 'literal_error', `Input should be ${allowed.map((m) => `'${m}'`).join(', ')}${hint}`);
      return undefined;
    }
  }
  switch (section) {
    case 'releases_detection': {
      const method = raw.method as string;
      const pattern = raw.pattern;
      if (PATTERN_METHODS.includes(method)) {
        if (typeof pattern !== 'string' || pattern === '') {
          report(['pattern'], 'missing', `pattern is required when method is ${method}`);
          return undefined;
        }
        if (!regexOk(pattern, ['pattern'], report)) return undefined;
        return { value: { method, pattern }, backfill };
      }
      if (method === 'api' && pattern !== undefined && pattern !== null) {
        report(['pattern'], 'value_error', 'pattern is not allowed when method is api');
        return undefined;
      }
      return { value: { method, pattern: null }, backfill };
    }
    case 'draft_pull_requests': {
      const labels = raw.labels ?? [];
      if (!isStringArray(labels)) {
        report(['labels'], 'list_type', 'Input should be a valid list of strings');
        return undefined;
      }
      const title = raw.title_pattern ?? null;
      if (title !== null && typeof title !== 'string') {
        report(['title_pattern'], 'string_type', 'Input should be a valid string');
        return undefined;
      }
      if (title && !regexOk(title, ['title_pattern'], report)) return undefined;
      return { value: { labels: [...labels], title_pattern: title === '' ? null : title } };
    }
    case 'default_branch': {
      const branch = raw.branch_name ?? null;
      if (branch !== null && typeof branch !== 'string') {
        report(['branch_name'], 'string_type', 'Input should be a valid string');
        return undefined;
      }
      return { value: { branch_name: branch } };
    }
    case 'exclude_branches':
    case 'exclude_base_branches':
    case 'exclude_file_extensions':
    case 'include_file_extensions': {
      const patterns = raw.patterns ?? [];
      if (!isStringArray(patterns)) {
        report(['patterns'], 'list_type', 'Input should be a valid list of strings');
        return undefined;
      }
      let ok = true;
      patterns.forEach((p, i) => (ok = regexOk(p, ['patterns', i], report) && ok));
      return ok ? { value: { patterns: [...patterns] } } : undefined;
    }
    case 'active_branches_duration': {
      if (raw.days === undefined) {
        report(['days'], 'missing', 'Field required');
        return undefined;
      }
      if (raw.days !== 3 && raw.days !== 7 && raw.days !== 14) {
        report(['days'], 'literal_error', 'Input should be 3, 7 or 14');
        return undefined;
      }
      return { value: { days: raw.days } };
    }
    case 'coding_time_strategy':
      return { value: { method: raw.method }, backfill };
    case 'issue_start_time':
    case 'bot_pr_attribution':
      return { value: { method: raw.method } };
  }
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function regexOk(pattern: string, loc: Loc, report: Report): boolean {
  const compiled = checkPythonRegex(pattern);
  if (!compiled.ok) report(loc, 'value_error', `Invalid regular expression: ${compiled.reason}`);
  return compiled.ok;
}

/** Structural equality of two normalized section values (JSON values, key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameValue(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => k in b && sameValue(a[k], b[k]));
  }
  return false;
}

export { REPO_SECTIONS, ORG_SECTIONS };
