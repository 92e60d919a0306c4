// How repositories' override sets are written back as config: the sections whose source is the
// repository itself, for every repository whose configuration was read (--repo-settings) and has
// any. An override set is one object: one holding a read-only value (releases_detection
// `deployment`) is left out whole, since writing it without that section would remove it.

import { REPO_SECTIONS, type RepositorySettings } from '../../../contract/git-types.js';
import type { ExportContext, ExportedConfig } from '../../export-model.js';
import type { OrganizationRead } from '../../organization.js';
import { isReadOnlyValue, sectionValue } from '../shared/git-settings-export.js';

export function exportOverrides(org: OrganizationRead, doc: ExportedConfig, context: ExportContext): void {
  const skipped: string[] = [];
  for (const repo of org.repositories) {
    const config = org.repositoryConfigs.get(repo.id);
    if (!config) continue;
    const settings: RepositorySettings = {};
    let readOnly = false;
    for (const section of REPO_SECTIONS) {
      const entry = config.settings[section];
      if (!entry || entry.source !== 'repository') continue;
      if (isReadOnlyValue(section, entry.value)) readOnly = true;
      (settings as Record<string, unknown>)[section] = sectionValue(entry.value);
    }
    if (readOnly) {
      skipped.push(String(context.repository(repo)));
      continue;
    }
    if (Object.keys(settings).length > 0) doc.repositories.push({ key: context.repository(repo), settings });
  }
  const notes = doc.notes.repositories;
  if (skipped.length > 0) notes.push(`Left out (their overrides include releases_detection method "deployment", which cannot be desired): ${skipped.join(', ')}.`);
  if (org.repoSettings === 'monitored') notes.push('Overrides were read for monitored repositories only (--repo-settings monitored); others are not managed.');
  if (org.repoSettings === 'none') notes.push('Overrides were not read (--repo-settings none); no repository override set is managed.');
}
