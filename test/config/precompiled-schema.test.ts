// The validators precompiled at build time (scripts/precompile-schema.mjs, in dist/) must be the
// schema as it is on disk and must judge documents, and the large maps' entries, exactly as ajv
// compiling the schema now does. Needs `npm run build` (npm test builds first), like the tests
// that run dist/cli/bin.js.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { SCHEMA_AJV_OPTIONS, SCHEMA_URL, schemaDigest, schemaExports } from '../../src/config/schema-validators.js';

const require = createRequire(import.meta.url);
const precompiled = require('../../dist/config/emctl-schema-validator.cjs') as Record<string, ValidateFunction> & { schemaSha256: string };
const text = readFileSync(SCHEMA_URL, 'utf8');
const schema = JSON.parse(text) as Record<string, unknown>;
const refs = schemaExports(schema);
const ajv = new Ajv2020(SCHEMA_AJV_OPTIONS);
ajv.addSchema(schema, refs.document);
const compiled = (name: string): ValidateFunction => ajv.getSchema(refs[name] as string) as ValidateFunction;
const strip = (v: ValidateFunction) => (v.errors ?? []).map((e) => ({ ...e, schema: undefined, parentSchema: undefined }));

describe('the precompiled config validators', () => {
  it('were made from the schema on disk, one for the document and one per large map', () => {
    expect(precompiled.schemaSha256).toBe(schemaDigest(text));
    expect(Object.keys(refs).sort()).toEqual(['document', 'git.repositories', 'teams']);
    for (const name of Object.keys(refs)) expect(typeof precompiled[name], name).toBe('function');
  });

  it.each([
    [{ version: 1 }],
    [{ version: 2 }],
    [{ version: 1, teams: { 42: { pm: { tracker: { boards: ['1'], methodology: 'Waterfall' } } } } }],
    [{ version: 1, git: { defaults: { active_branches_duration: { days: -1 } }, monitoring: { include: [3.5] } }, extra: true }],
    [{ version: 1, integrations: { a: { id: 'x' } }, collection: { a: { boards: [{ nam: 'x' }] } } }],
  ])('judges %j as ajv compiling the schema now does', (doc) => {
    const document = precompiled.document as ValidateFunction;
    expect(document(doc)).toBe(compiled('document')(doc));
    expect(strip(document)).toEqual(strip(compiled('document')));
  });

  it.each([
    ['teams', { 42: { bogus: 1 }, abc: {}, 7: { git: { services: ['x'] } } }, '/teams'],
    ['git.repositories', { 'acme/r': { bogus: 1 }, 'acme/*': { monitored: true }, 'acme/ok': { monitored: false } }, '/git/repositories'],
  ])('judges the entries of %s as ajv compiling that part of the schema now does, at their paths in the document', (name, map, at) => {
    const context = { instancePath: at, parentData: {}, parentDataProperty: '', rootData: {}, dynamicAnchors: {} };
    const part = precompiled[name] as ValidateFunction;
    expect(part(map, context)).toBe(false);
    expect(compiled(name)(map, context)).toBe(false);
    expect(strip(part)).toEqual(strip(compiled(name)));
    expect(strip(part).every((e) => e.instancePath === at || e.instancePath.startsWith(`${at}/`))).toBe(true);
  });
});

describe('the large maps are parts of the schema judged entry by entry', () => {
  it('refuses a large map whose schema part judges the whole set (a batch of entries could not)', () => {
    const withRequired = structuredClone(schema) as { properties: { teams: Record<string, unknown> } };
    withRequired.properties.teams.minProperties = 1;
    expect(() => schemaExports(withRequired)).toThrow('the schema part of teams uses minProperties, which cannot be judged entry by entry');
  });
});
