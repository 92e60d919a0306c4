// Where the org defaults sit in a config: the sections of `git.defaults`.

import { ORG_SECTIONS, type OrgSection, type OrgSettings } from '../../../contract/git-types.js';
import type { DesiredConfig } from '../../model.js';
import { orgDefaultAddress } from './address.js';
import type { KindNarrowing } from '../shared/narrowing.js';
import { oneOf, type KindAddressSyntax } from '../shared/address-syntax.js';

/** `git.defaults.SECTION` for each section written. */
export function knownOrgDefaults(config: DesiredConfig, _live: unknown, add: (address: string) => void): void {
  for (const section of Object.keys(config.git.defaults)) add(orgDefaultAddress(section as OrgSection));
}

/** A config narrowed: the org default sections kept. */
export const orgDefaultNarrowing: KindNarrowing = {
  config(config, kept, by) {
    const defaults: OrgSettings = {};
    for (const [section, value] of Object.entries(config.git.defaults)) {
      if (by.keeps(orgDefaultAddress(section as OrgSection))) (defaults as Record<string, unknown>)[section] = value;
    }
    kept.git.defaults = defaults;
  },
};

/** `git`, `git.defaults`, `git.defaults.default_branch`. */
export const orgDefaultSyntax: KindAddressSyntax = {
  entry: 'git',
  lines: ['git.defaults[.SECTION]'],
  problem(address) {
    const parts = address.split('.').slice(1);
    if (parts.length === 0) return undefined;
    if (parts[0] !== 'defaults') return `"git.${parts[0] ?? ''}" is not an address: org settings are git.defaults.SECTION, repositories repo["NAME"]`;
    if (parts.length > 2) return 'an org default address ends at its section: git.defaults.default_branch';
    return oneOf(parts[1], ORG_SECTIONS, 'a settings section');
  },
};

/** One object per org default section the config writes. */
export function countOrgDefaults(config: DesiredConfig): number {
  return Object.keys(config.git.defaults).length;
}
