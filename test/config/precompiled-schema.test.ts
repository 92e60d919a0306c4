// The validator precompiled at build time (scripts/precompile-schema.mjs, in dist/) must be the
// schema as it is on disk and must judge documents exactly as ajv compiling the schema now does.
// Needs `npm run build` (npm test builds first), like the tests that run dist/cli/bin.js.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { SCHEMA_AJV_OPTIONS, SCHEMA_URL, schemaDigest } from '../../src/config/schema-check.js';

const require = createRequire(import.meta.url);
const precompiled = require('../../dist/config/emctl-schema-validator.cjs') as ValidateFunction & { schemaSha256: string };
const text = readFileSync(SCHEMA_URL, 'utf8');
const compiled = new Ajv2020(SCHEMA_AJV_OPTIONS).compile(JSON.parse(text) as object);

describe('the precompiled config validator', () => {
  it('was made from the schema on disk', () => {
    expect(precompiled.schemaSha256).toBe(schemaDigest(text));
  });

  it.each([
    [{ version: 1 }],
    [{ version: 2 }],
    [{ version: 1, teams: { 42: { pm: { tracker: { boards: ['1'], methodology: 'Waterfall' } } } } }],
    [{ version: 1, git: { defaults: { active_branches_duration: { days: -1 } }, monitoring: { include: [3.5] } }, extra: true }],
    [{ version: 1, integrations: { a: { id: 'x' } }, collection: { a: { boards: [{ nam: 'x' }] } } }],
  ])('judges %j as ajv compiling the schema now does', (doc) => {
    const strip = (v: ValidateFunction) => (v.errors ?? []).map((e) => ({ ...e, schema: undefined, parentSchema: undefined }));
    expect(precompiled(doc)).toBe(compiled(doc));
    expect(strip(precompiled)).toEqual(strip(compiled));
  });
});
