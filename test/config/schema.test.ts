// schemas/emctl.schema.json: compiles under ajv's strict mode, documents every property (editors
// show descriptions on hover), refuses unknown keys everywhere, and every shipped example passes.

import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { loadConfig } from '../../src/config/index.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

const ROOT = join(import.meta.dirname, '../..');
const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/emctl.schema.json'), 'utf8')) as Record<string, unknown>;

type Node = Record<string, unknown>;

/** Every subschema object, with its JSON pointer. */
function* subschemas(node: unknown, pointer = '#'): Generator<[string, Node]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* subschemas(item, `${pointer}/${i}`);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  yield [pointer, node as Node];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'enum' || key === 'required' || key === 'const') continue;
    yield* subschemas(value, `${pointer}/${key}`);
  }
}

describe('emctl.schema.json', () => {
  test('compiles with ajv in strict mode', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    expect(() => ajv.compile(schema)).not.toThrow();
  });

  test('every property has a description', () => {
    const missing: string[] = [];
    for (const [pointer, node] of subschemas(schema)) {
      const properties = node.properties as Record<string, unknown> | undefined;
      if (!properties || pointer.includes('/if') || pointer.includes('/then') || pointer.includes('/else')) continue;
      for (const [name, property] of Object.entries(properties)) {
        if (property === true) continue; // `{ id: true }` beside a `required` in if/then
        if (typeof (property as Node).description !== 'string') missing.push(`${pointer}/properties/${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('every object with fixed properties refuses unknown keys', () => {
    const open: string[] = [];
    for (const [pointer, node] of subschemas(schema)) {
      if (node.type === 'object' && node.properties && node.additionalProperties !== false) open.push(pointer);
    }
    expect(open).toEqual([]);
  });

  test('defines the eleven settings sections with the spec rules', () => {
    const defs = schema.$defs as Record<string, Node>;
    const sections = Object.keys(defs).filter((k) => k.startsWith('section_')).map((k) => k.slice(8));
    expect(sections.sort()).toEqual([
      'active_branches_duration',
      'bot_pr_attribution',
      'coding_time_strategy',
      'default_branch',
      'draft_pull_requests',
      'exclude_base_branches',
      'exclude_branches',
      'exclude_file_extensions',
      'include_file_extensions',
      'issue_start_time',
      'releases_detection',
    ]);
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    const validate = ajv.compile(schema);
    const check = (defaults: object) => validate({ version: 1, git: { defaults } });
    expect(check({ releases_detection: { method: 'tags', pattern: '^v' } })).toBe(true);
    expect(check({ releases_detection: { method: 'tags' } })).toBe(false);
    expect(check({ releases_detection: { method: 'api' } })).toBe(true);
    expect(check({ releases_detection: { method: 'api', pattern: 'x' } })).toBe(false);
    expect(check({ releases_detection: { method: 'deployment' } })).toBe(false);
    expect(check({ releases_detection: { method: 'pr_to_branch', pattern: '^release$', backfill_days: 1 } })).toBe(true);
    expect(check({ coding_time_strategy: { method: 'issue_state_pr', backfill_days: 90 } })).toBe(true);
    expect(check({ coding_time_strategy: { method: 'issue_state_pr', backfill_days: 30 } })).toBe(false);
    expect(check({ active_branches_duration: { days: 14 } })).toBe(true);
    expect(check({ active_branches_duration: {} })).toBe(false);
    expect(check({ default_branch: { branch_name: null } })).toBe(true);
    expect(check({ draft_pull_requests: { labels: ['wip'], title_pattern: null } })).toBe(true);
    expect(check({ bot_pr_attribution: { method: 'none' } })).toBe(true);
    expect(check({ issue_start_time: { method: 'last_transition' } })).toBe(true);
    expect(validate({ version: 1, git: { repositories: { 'acme/api': { settings: { issue_start_time: { method: 'first_transition' } } } } } })).toBe(false);
  });
});

describe('examples', () => {
  test.each(['examples/minimal.yaml', 'examples/acme/emctl.yaml'])('%s validates with no diagnostic', async (file) => {
    const result = await loadConfig(join(ROOT, file), CONFIG_CHECKS);
    expect(result.diagnostics).toEqual([]);
    expect(result.config).toBeDefined();
  });

  test('the examples point editors at the schema', () => {
    expect(readFileSync(join(ROOT, 'examples/acme/emctl.yaml'), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\.\.\/\.\.\/schemas\/emctl\.schema\.json\n/);
    expect(readFileSync(join(ROOT, 'examples/minimal.yaml'), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\.\.\/schemas\/emctl\.schema\.json\n/);
  });
});
