// The repository override kind's diff: each repository whose override set the config writes
// (literally or by a rule), section by section against the sections the repository overrides.

import type { OrgSection, RepoSection, Repository } from '../../../contract/git-types.js';
import { ORG_ONLY_SECTIONS, REPO_SECTIONS } from '../../../contract/git-types.js';
import { repoSettingAddress } from './address.js';
import { canonicalSection, sectionsEqual } from '../shared/settings-section.js';
import type { PlanDraft } from '../../draft.js';
import type { RepoContext } from './target.js';
import type { DesiredRepository } from '../../model.js';
import type { Action, Change } from '../../plan-model.js';
import { addressOfRepo, resolveRepo } from '../shared/repositories.js';
import { sectionImpacts } from '../shared/section-impacts.js';

/** The override changes of every repository whose override set the config writes. */
export function diffRepositorySettings(draft: PlanDraft): void {
  const seen = new Set<number>();
  for (const entry of draft.config.git.repositories) {
    if (entry.settings === undefined) continue;
    const repo = resolveRepo(draft, entry.ref, entry.path);
    if (!repo) continue;
    if (seen.has(repo.id)) {
      draft.error(`repository ${repo.id} (${repo.name}) is written twice`, entry.path);
      continue;
    }
    seen.add(repo.id);
    diffRepoOverrides(draft, entry, repo);
  }
}

function diffRepoOverrides(draft: PlanDraft, entry: DesiredRepository, repo: Repository): void {
  const desired = (entry.settings ?? {}) as Record<string, unknown>;
  for (const section of Object.keys(desired)) {
    if (!REPO_SECTIONS.includes(section as RepoSection)) {
      const why = ORG_ONLY_SECTIONS.includes(section as OrgSection) ? 'is organization-wide only' : 'is not a settings section';
      draft.error(`"${section}" ${why}; it cannot be overridden per repository`, [...entry.path, 'settings', section]);
      return;
    }
  }
  const read = draft.live.repositoryConfigs.get(repo.id);
  if (read === undefined) {
    draft.error(`the configuration of repository ${repo.id} (${repo.name}) was not read`, entry.path);
    return;
  }
  const live = new Map<RepoSection, unknown>();
  for (const section of REPO_SECTIONS) {
    const s = read.settings[section];
    if (s && s.source === 'repository') live.set(section, s.value);
  }
  draft.count('override_removal', live.size);
  // A rule's entry names its repository by id; the plan names it as a literal key by name would.
  const ctx: RepoContext = { repo, address: addressOfRepo(draft, repo, entry.rule === undefined ? entry.ref : undefined), live, desired: entry.settings ?? {} };
  for (const section of REPO_SECTIONS) {
    const want = desired[section];
    const have = live.get(section);
    if (want === undefined && have === undefined) continue;
    if (want !== undefined && have !== undefined && sectionsEqual(section, have, want)) continue;
    const action: Action = have === undefined ? 'add' : want === undefined ? 'remove' : 'update';
    const change: Change = {
      address: repoSettingAddress(ctx.address, section),
      kind: 'repo-override',
      action,
      before: have === undefined ? null : canonicalSection(section, have),
      after: want === undefined ? null : canonicalSection(section, want),
      impacts: sectionImpacts(section, action, want),
      label: repo.name,
      ...(entry.rule === undefined ? {} : { rule: entry.rule }),
    };
    if (action === 'remove') change.destructive = 'override_removal';
    draft.add(change, { kind: 'repo-override', repo: ctx, section }, [...entry.path, 'settings', section]);
  }
}
