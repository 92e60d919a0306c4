// Emulator fixtures for the measurement and goals tests, as text: the Acme organization with its
// API key and one Git integration (id 20), and the teams, repositories and activity each test
// writes by hand. Entries are YAML flow maps (`{ id: 42, name: Payments }`), one a list item; the
// builder writes the sections around them, so each test shows only what its numbers depend on.

import { expect } from 'vitest';
import { EmctlError } from '../../src/contract/errors.js';
import { parseFixture } from '../../src/emulator/index.js';

export interface GitOrganization {
  teams?: string[];
  repositories: string[];
  contributors: string[];
  pullRequests: string[];
  releases?: string[];
  /** Integrations beside the Git one, listed before it. */
  integrations?: string[];
  /** More top-level sections (git_config:, team_pm_scopes:), as YAML text. */
  sections?: string;
}

const GIT = '{ id: 20, type: git, provider: host_a, name: Code, state: ok, auth_type: app }';

function list(indent: string, key: string, entries: readonly string[]): string {
  if (entries.length === 0) return `${indent}${key}: []\n`;
  return `${indent}${key}:\n${entries.map((e) => `${indent}  - ${e}\n`).join('')}`;
}

export function gitOrganization(o: GitOrganization): string {
  return [
    'organization: { id: 1, name: Acme }\napi_keys: [dev-key]\n',
    list('', 'integrations', [...(o.integrations ?? []), GIT]),
    o.teams === undefined ? '' : list('', 'teams', o.teams),
    list('', 'repositories', o.repositories),
    o.sections ?? '',
    'activity:\n',
    list('  ', 'contributors', o.contributors),
    list('  ', 'pull_requests', o.pullRequests),
    o.releases === undefined ? '' : list('  ', 'releases', o.releases),
  ].join('');
}

/** A repository of the Git integration; its provider id R1 for 1234, R2 for 1235, unless given. */
export function repository(id: number, name: string, state = 'monitored', providerId = `R${id - 1233}`): string {
  return `{ id: ${id}, provider_id: ${providerId}, name: ${name}, integration_id: 20, state: ${state} }`;
}

/** What parseFixture says of `text` (as f.yaml) when it refuses it: a config error, never a crash. */
export function fixtureRefusal(text: string): string {
  try {
    parseFixture(text, 'f.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(EmctlError);
    expect((error as EmctlError).kind).toBe('config');
    return (error as Error).message;
  }
  throw new Error('fixture was accepted');
}

/** A config naming teams 42 Payments and 43 Checkout; sections (reports:) can be appended. */
export const PAYMENTS_CHECKOUT_CONFIG = `version: 1
teams:
  42:
    name: Payments
  43:
    name: Checkout
`;
