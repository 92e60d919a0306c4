// The org default kind's config part: `git.defaults`, the eleven organization-wide sections (the
// seven a repository can override, kinds/shared/config-git-sections.ts, and four of the
// organization only). Schema only (TypeBox): it never loads at run time.

import { Type } from '@sinclair/typebox';
import { closed, def, values } from '../../config-schema/kit.js';
import { patternsSection, repositorySections, sectionAt } from '../shared/config-git-sections.js';

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

/** The eleven organization-wide sections: the repository ones and four of the organization only. */
export const organizationSections = {
  ...repositorySections,
  include_file_extensions: sectionAt(section_include_file_extensions),
  active_branches_duration: sectionAt(section_active_branches_duration),
  issue_start_time: sectionAt(section_issue_start_time),
  bot_pr_attribution: sectionAt(section_bot_pr_attribution),
};

/** `git.defaults`: each section written is managed. */
export const orgDefaults = Type.Optional(
  closed(organizationSections, {
    description: 'Organization-wide defaults: each section written is managed; sections not written are left alone.',
    title: 'git defaults (any of the eleven sections)',
  }),
);
