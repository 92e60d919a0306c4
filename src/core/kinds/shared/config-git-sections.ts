// The config part of the Git settings sections both the org defaults and a repository's override
// set write (the section shapes, each a named part of the editor schema), and how a section is
// written where it is used. Schema only (TypeBox): it never loads at run time.

import { Type, type Static, type TOptional, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { anyOf, closed, def, ref, values } from '../../config-schema/kit.js';

const PYTHON_REGEX = 'Python `re` syntax (as the service uses); validate checks that it compiles.';

const backfillDays = Type.Optional(
  values([90, 1] as const, {
    description:
      'Write-time only: 90 (the default) recomputes the last 90 days of history when this section changes; 1 skips the recompute. Never causes a diff; sent only with a change to its section.',
  }),
);

/** A section that is one list of regular expressions. */
export function patternsSection(name: string, description: string) {
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

/** A section where it is used: the section's own description shows on hover there too. */
export function sectionAt<T extends TSchema>(section: T): TOptional<TUnsafe<Static<T>>> {
  return Type.Optional(ref(section, { description: section.description }));
}

/** The seven sections a repository can override. */
export const repositorySections = {
  releases_detection: sectionAt(section_releases_detection),
  draft_pull_requests: sectionAt(section_draft_pull_requests),
  default_branch: sectionAt(section_default_branch),
  exclude_branches: sectionAt(section_exclude_branches),
  exclude_base_branches: sectionAt(section_exclude_base_branches),
  exclude_file_extensions: sectionAt(section_exclude_file_extensions),
  coding_time_strategy: sectionAt(section_coding_time_strategy),
};
