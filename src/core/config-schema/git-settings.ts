// The Git settings sections (org defaults and per-repository overrides) and the shapes that name
// a repository or an integration.

import { Type, type Static, type TOptional, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { anyOf, closed, def, ifThenElse, multi, ref, values } from './kit.js';

/** Said of every key schema: why a key that must be a string also allows an integer. */
export const NUMERIC_KEY_COMMENT =
  "Used as an object key. Property names are strings in JSON, but an editor's YAML engine (yaml-language-server) reads `42:` as a number: `integer` is listed so that a numeric key is not a false error there. The pattern applies to what emctl validates (JSON keys are strings).";

const PYTHON_REGEX = 'Python `re` syntax (as the service uses); validate checks that it compiles.';

const backfillDays = Type.Optional(
  values([90, 1] as const, {
    description:
      'Write-time only: 90 (the default) recomputes the last 90 days of history when this section changes; 1 skips the recompute. Never causes a diff; sent only with a change to its section.',
  }),
);

/** A section that is one list of regular expressions. */
function patternsSection(name: string, description: string) {
  return def(
    name,
    closed(
      {
        patterns: Type.Optional(
          Type.Array(Type.String({ minLength: 1, description: `One regular expression. ${PYTHON_REGEX}` }), {
            description: 'Regular expressions (Python `re` syntax), one per entry. `[]` clears the list.',
          }),
        ),
      },
      { description, title: 'a settings section { patterns: [...] }' },
    ),
  );
}

/** `pattern` with a method that matches on one, never with `api`. */
const PATTERN_BY_METHOD = [
  {
    if: { properties: { method: { enum: ['tags', 'pr_to_branch', 'merge_to_branch'] } }, required: ['method'] },
    then: { required: ['pattern'], properties: { pattern: true } },
  },
  { if: { properties: { method: { const: 'api' } }, required: ['method'] }, then: { not: { required: ['pattern'], properties: { pattern: true } } } },
];

export const section_releases_detection = def(
  'section_releases_detection',
  closed(
    {
      method: values(['tags', 'pr_to_branch', 'merge_to_branch', 'api'] as const, {
        description:
          'tags (release tags matching pattern), pr_to_branch (PRs into the branch matching pattern), merge_to_branch (merges into it), or api (releases reported through the API).',
      }),
      pattern: Type.Optional(
        Type.String({
          minLength: 1,
          description: `Regular expression for release tags (tags) or the dedicated branch (pr_to_branch, merge_to_branch). ${PYTHON_REGEX}`,
        }),
      ),
      backfill_days: backfillDays,
    },
    {
      description:
        'How releases are detected. `pattern` is required for tags, pr_to_branch and merge_to_branch and not allowed with api. `deployment` is read-only in the service and cannot be desired. A change recomputes history.',
      title: 'a releases_detection section { method, pattern?, backfill_days? }',
      allOf: PATTERN_BY_METHOD,
    },
  ),
);

export const section_draft_pull_requests = def(
  'section_draft_pull_requests',
  closed(
    {
      labels: Type.Optional(
        Type.Array(Type.String({ minLength: 1, description: 'A label name.' }), { description: 'Labels that mark a PR as a draft (case-insensitive).' }),
      ),
      title_pattern: Type.Optional(
        anyOf([Type.String(), Type.Null()], {
          description: 'Regular expression on the PR title (Python `re` syntax); null or empty = no title rule.',
          title: 'a regular expression string or null',
        }),
      ),
    },
    {
      description: 'Which pull requests count as drafts: a PR matching either rule is a draft.',
      title: 'a draft_pull_requests section { labels?, title_pattern? }',
    },
  ),
);

export const section_default_branch = def(
  'section_default_branch',
  closed(
    {
      branch_name: Type.Optional(
        anyOf([Type.String({ minLength: 1 }), Type.Null()], {
          description: "Branch name; null = the provider's default branch.",
          title: 'a branch name or null',
        }),
      ),
    },
    { description: 'The branch all merge comparisons are based on.', title: 'a default_branch section { branch_name }' },
  ),
);

export const section_exclude_branches = patternsSection(
  'section_exclude_branches',
  'Branches to leave out of metrics, as regular expressions. A change recomputes history.',
);

export const section_exclude_base_branches = patternsSection(
  'section_exclude_base_branches',
  'Base branches whose pull requests are left out, as regular expressions. A change recomputes history.',
);

export const section_exclude_file_extensions = patternsSection(
  'section_exclude_file_extensions',
  'Files to leave out of code metrics, as regular expressions. A change recomputes history.',
);

export const section_coding_time_strategy = def(
  'section_coding_time_strategy',
  closed(
    {
      method: values(['first_commit', 'issue_state_pr'] as const, {
        description: 'first_commit (first commit on the branch) or issue_state_pr (linked issue moving to in progress).',
      }),
      backfill_days: backfillDays,
    },
    { description: 'When coding time starts. A change recomputes history.', title: 'a coding_time_strategy section { method, backfill_days? }' },
  ),
);

export const section_include_file_extensions = patternsSection(
  'section_include_file_extensions',
  'Organization-wide only. Only files matching one of these (after exclusions) are scanned; `.*$` includes every file. A change recomputes history.',
);

export const section_active_branches_duration = def(
  'section_active_branches_duration',
  closed(
    { days: values([3, 7, 14] as const, { description: '3, 7 or 14.' }) },
    {
      description: 'Organization-wide only. How long a branch stays active after its last update before it becomes stale.',
      title: 'an active_branches_duration section { days }',
    },
  ),
);

export const section_issue_start_time = def(
  'section_issue_start_time',
  closed(
    { method: values(['first_transition', 'last_transition'] as const, { description: 'first_transition or last_transition.' }) },
    {
      description: 'Organization-wide only. Which move to in progress is the issue start (affects coding time and MTTR).',
      title: 'an issue_start_time section { method }',
    },
  ),
);

export const section_bot_pr_attribution = def(
  'section_bot_pr_attribution',
  closed(
    {
      method: values(['merge_actor', 'assignee', 'none'] as const, {
        description: 'merge_actor (whoever merged), assignee (its assignees) or none (left on the bot).',
      }),
    },
    { description: 'Organization-wide only. Who is credited with pull requests opened by bots.', title: 'a bot_pr_attribution section { method }' },
  ),
);

/** A section where it is used: the section's own description shows on hover there too. */
function sectionAt<T extends TSchema>(section: T): TOptional<TUnsafe<Static<T>>> {
  return Type.Optional(ref(section, { description: section.description }));
}

/** The seven sections a repository can override. */
const repositorySections = {
  releases_detection: sectionAt(section_releases_detection),
  draft_pull_requests: sectionAt(section_draft_pull_requests),
  default_branch: sectionAt(section_default_branch),
  exclude_branches: sectionAt(section_exclude_branches),
  exclude_base_branches: sectionAt(section_exclude_base_branches),
  exclude_file_extensions: sectionAt(section_exclude_file_extensions),
  coding_time_strategy: sectionAt(section_coding_time_strategy),
};

/** The eleven organization-wide sections: the repository ones and four of the organization only. */
export const organizationSections = {
  ...repositorySections,
  include_file_extensions: sectionAt(section_include_file_extensions),
  active_branches_duration: sectionAt(section_active_branches_duration),
  issue_start_time: sectionAt(section_issue_start_time),
  bot_pr_attribution: sectionAt(section_bot_pr_attribution),
};

export const repositorySettings = def('repositorySettings', closed(repositorySections, { title: 'repository settings (the seven repository sections)' }));

export const repoKey = def(
  'repoKey',
  multi(['string', 'integer'] as const, {
    title: 'a repository name (owner/name) or a numeric repository id (1 or more)',
    $comment: NUMERIC_KEY_COMMENT,
    minimum: 1,
    minLength: 1,
    maxLength: 256,
    pattern: '^(?!0[0-9]*$)\\S(.*\\S)?$',
  }),
);

export const idOrName = def(
  'idOrName',
  ifThenElse({ type: 'string' }, Type.String({ minLength: 1 }), Type.Integer({ title: 'a repository name or a numeric repository id', minimum: 1 }), {
    title: 'a repository name or a numeric repository id',
  }),
);

export const globOrId = def(
  'globOrId',
  ifThenElse({ type: 'string' }, Type.String({ minLength: 1 }), Type.Integer({ title: 'a glob on repository names or a numeric repository id', minimum: 1 }), {
    title: 'a glob on repository names or a numeric repository id',
  }),
);

export const integrationRef = def(
  'integrationRef',
  ifThenElse(
    { type: 'string' },
    Type.String({ title: 'an integration alias (a letter, then letters, digits, _ or -)', pattern: '^[A-Za-z_][A-Za-z0-9_-]*$' }),
    Type.Integer({ title: 'an integration alias (a string) or a numeric integration id', minimum: 1 }),
    { title: 'an integration alias (a string) or a numeric integration id' },
  ),
);

export const repository = def(
  'repository',
  closed(
    {
      integration: Type.Optional(
        ref(integrationRef, {
          description: 'The Git integration (alias or id) the repository belongs to; disambiguates a name found on several integrations.',
        }),
      ),
      monitored: Type.Optional(
        Type.Boolean({
          description: "true/false: the repository's monitoring state; wins over git.monitoring patterns. Omitted = follows git.monitoring (or not managed).",
        }),
      ),
      settings: Type.Optional(
        ref(repositorySettings, {
          description: "The repository's whole set of overrides: sections not written follow the organization default. `{}` removes every override.",
        }),
      ),
    },
    { description: 'One repository, keyed by name (owner/name) or numeric id.', title: 'a repository { integration?, monitored?, settings? }' },
  ),
);

export const repositoryRule = def(
  'repositoryRule',
  closed(
    {
      integration: Type.Optional(ref(integrationRef, { description: "Matches only this Git integration's repositories (alias or id)." })),
      settings: ref(repositorySettings, {
        description:
          'The whole set of overrides of every repository the rule matches: sections not written follow the organization default. `{}` removes every override.',
      }),
    },
    {
      description:
        'A settings rule: every repository its pattern matches (`*` any run of characters, `/` included; `?` one character; monitored once the plan is applied) that no literal key writes the settings of gets these settings as its whole override set. Of several matching rules the last one written wins.',
      title: 'a rule { integration?, settings }',
    },
  ),
);
