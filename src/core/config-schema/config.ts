// The config document, composed of the parts of each kind (src/core/kinds/<kind>/config.ts) and
// of what belongs to no kind (integrations, repository entries, safety, reports and goals).

import { Type, type Static } from '@sinclair/typebox';
import { closed, constant, keyPattern, mapOf, ref, values } from './kit.js';
import { aliasName, integrationAlias, integrationKey } from './integrations.js';
import { pmScope, team } from './teams.js';
import { repoKey, repository, repositoryRule } from './repositories.js';
import { threshold } from './safety.js';
import { goal, report } from './reports.js';
import { entity } from '../kinds/shared/config-entities.js';
import { selection } from '../kinds/selection/config.js';
import { teamKey } from '../kinds/team/config.js';
import { gitScope } from '../kinds/git-scope/config.js';
import { orgDefaults } from '../kinds/org-default/config.js';
import { monitoringPatterns } from '../kinds/monitoring/config.js';

/** The whole config document: the root of schemas/emctl.schema.json. */
export const configDocument = closed(
  {
    version: constant(1, { description: 'Format version; always 1.' }),
    integrations: Type.Optional(
      mapOf(ref(aliasName), ref(integrationAlias), {
        description: 'Integration aliases. Everywhere an integration is named, an alias or a numeric id is accepted.',
      }),
    ),
    collection: Type.Optional(
      mapOf(ref(integrationKey), ref(selection), { description: 'PM entities selected for collection, per integration (alias or id).' }),
    ),
    teams: Type.Optional(
      mapOf(ref(teamKey), ref(team), {
        description:
          "Teams, keyed by a team's name (`Payments:`) or numeric id (`42:`). A name key is the team the service lists under that name (compared case-insensitively), created by the plan when none is. Teams not written are left alone, unless `ownership: { teams: exact }`.",
      }),
    ),
    ownership: Type.Optional(
      closed(
        {
          teams: Type.Optional(
            values(['listed', 'exact'] as const, {
              description:
                '`listed` (default): teams this config does not write are left alone. `exact`: the config lists every team; any other team the service lists is deleted (never All Teams or All Contributors), children first, under the team_deletion threshold. --target and --exclude are refused under `exact`.',
            }),
          ),
        },
        { description: 'Which objects of a kind this config owns. Absent: each kind `listed`.', title: 'ownership { teams? }' },
      ),
    ),
    git: Type.Optional(
      closed(
        {
          defaults: orgDefaults,
          monitoring: monitoringPatterns,
          repositories: Type.Optional(
            mapOf(
              ref(repoKey),
              ref(repository),
              {
                description:
                  'Per-repository monitoring and settings overrides, keyed by name (owner/name) or numeric id. A key holding `*` or `?` is a rule: its settings are the whole override set of every monitored repository it matches that no literal key writes (the last matching rule in file order wins). Repositories not written are left alone.',
              },
              { '[*?]': ref(repositoryRule) },
            ),
          ),
        },
        {
          description: 'Organization-wide Git defaults, monitoring and per-repository settings.',
          title: 'a git section { defaults?, monitoring?, repositories? }',
        },
      ),
    ),
    safety: Type.Optional(
      closed(
        {
          thresholds: Type.Optional(
            closed(
              {
                stop_monitoring: Type.Optional(ref(threshold, { description: 'Repositories whose monitoring would stop.' })),
                deselect: Type.Optional(ref(threshold, { description: 'Boards and projects that would be deselected from collection.' })),
                scope_removal: Type.Optional(ref(threshold, { description: 'Entries removed from team scopes.' })),
                override_removal: Type.Optional(ref(threshold, { description: 'Repository setting overrides that would be removed.' })),
                team_deletion: Type.Optional(
                  ref(threshold, { description: 'Teams that would be deleted (only under `ownership: { teams: exact }`). Default: 10% and 5 teams.' }),
                ),
              },
              {
                description: 'Limits per destructive change kind.',
                title: 'thresholds { stop_monitoring?, deselect?, scope_removal?, override_removal?, team_deletion? }',
              },
            ),
          ),
          protected: Type.Optional(
            Type.Array(
              Type.String({
                minLength: 1,
                description: 'A plan address such as team[42].pm.tracker.boards, team["Payments"].members or repo["acme/api"].monitored.',
              }),
              {
                description:
                  'Plan addresses (or prefixes, e.g. team[42], team["Payments"]) that may not change without --force. Each must name something this config writes; under `ownership: { teams: exact }` a team["NAME"] may name a team the config does not write (protecting it from deletion).',
              },
            ),
          ),
        },
        {
          description: 'Safety rails for apply: thresholds on destructive changes and protected addresses; refused with exit 3 unless --force.',
          title: 'a safety section { thresholds?, protected? }',
        },
      ),
    ),
    drift: Type.Optional(
      closed(
        {
          ignore: Type.Optional(
            Type.Array(
              closed(
                {
                  address: Type.String({
                    description: 'A plan address or prefix whose drift is ignored; must name something this config writes.',
                    minLength: 1,
                  }),
                  reason: Type.String({ description: 'Why this drift is accepted (shown in drift output).', minLength: 1 }),
                  until: Type.Optional(
                    Type.String({
                      description: 'Optional last day (yyyy-mm-dd) the rule applies; after it the drift is reported again.',
                      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
                    }),
                  ),
                },
                { title: 'an ignore rule { address, reason, until? }' },
              ),
              { description: 'Known, accepted drift that `emctl drift` does not report.' },
            ),
          ),
        },
        { description: 'Drift detection settings.', title: 'a drift section { ignore? }' },
      ),
    ),
    reports: Type.Optional(
      mapOf(keyPattern({ title: 'a report name (letters, digits, `-`, `_`, `.`)', pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' }), ref(report), {
        description:
          "Reports as code: named measurement requests that `emctl measurements NAME...` (or `--all`) runs, each written to its `out:` when it has one. The keys are those of the command's flags. `emctl validate` checks them offline; plan, apply and drift never read them.",
        title: 'a mapping of report names to reports',
      }),
    ),
    goals: Type.Optional(
      mapOf(keyPattern({ title: 'a goal name (letters, digits, `-`, `_`, `.`)', pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' }), ref(goal), {
        description:
          'Goals as code: thresholds on metrics, judged per group on the latest complete bucket by `emctl goals NAME...` (or `--all`), which exits 0 when every goal is met and 2 when one is missed, like drift. `emctl validate` checks them offline; plan, apply and drift never read them.',
        title: 'a mapping of goal names to goals',
      }),
    ),
  },
  {
    title: 'emctl desired-state configuration (version 1)',
    description:
      'Engineering Metrics Service settings as code. Every object you write is the whole truth for that object; objects you do not write are left alone. See docs/config.md.',
  },
);

/** A config document as it is once the schema accepted it (YAML keys are strings). */
export type ConfigDocument = Static<typeof configDocument>;

/** A team's PM scope on one integration, as written. */
export type PmScopeDocument = Static<typeof pmScope>;
/** A team's Git scope, as written. */
export type GitScopeDocument = Static<typeof gitScope>;
/** A PM entity as written: its id, or `{ name }`. */
export type EntityDocument = Static<typeof entity>;
