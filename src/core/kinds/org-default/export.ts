// How the organization's default sections are written back as config: every section as read,
// except a read-only value (releases_detection `deployment`), left out with a comment saying why.

import { ORG_SECTIONS, type OrgSettings } from '../../../contract/git-types.js';
import type { ExportedConfig } from '../../export-model.js';
import type { OrganizationRead } from '../../organization.js';
import { isReadOnlyValue, sectionValue } from '../shared/git-settings-export.js';

export function exportOrgDefaults(org: OrganizationRead, doc: ExportedConfig): void {
  for (const section of ORG_SECTIONS) {
    const value = (org.orgConfig.settings as OrgSettings)[section];
    if (value === undefined) continue;
    if (isReadOnlyValue(section, value)) {
      doc.notes.defaults.push(`${section} is left out: its method "deployment" is set by the service and cannot be desired.`);
      continue;
    }
    (doc.defaults as Record<string, unknown>)[section] = sectionValue(value);
  }
}
