// The config model is written once (src/core/config-schema and each kind's config.ts): the editor schema is generated from
// it (`npm run schema`; `npm run build` refuses a committed schema that is not the model's), and
// the TypeScript types of the config come from the same definitions. These tests hold the three
// together: the committed schema is the model's, and the settings sections the model accepts are
// the ones the service's wire types describe.

import { describe, expect, expectTypeOf, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Static } from '@sinclair/typebox';
import type { OrgSettings, RepositorySettings } from '../../../src/contract/git-types.js';
import { editorSchemaText } from '../../../src/core/config-schema/editor-schema.js';
import type { ConfigDocument } from '../../../src/core/config-schema/config.js';
import { organizationSections } from '../../../src/core/kinds/org-default/config.js';
import { repositorySettings } from '../../../src/core/kinds/repo-override/config.js';
import type { Threshold } from '../../../src/core/model.js';
import { threshold } from '../../../src/core/config-schema/safety.js';

const ROOT = join(import.meta.dirname, '../../..');
const SCHEMA = 'schemas/emctl.schema.json';

describe('the editor schema', () => {
  test('the committed file is the one the config model gives (npm run schema writes it)', () => {
    expect(readFileSync(join(ROOT, SCHEMA), 'utf8'), `${SCHEMA} is not the model's: run \`npm run schema\``).toBe(editorSchemaText());
  });

  test('every $ref names a part under $defs, and every part is used', () => {
    const schema = JSON.parse(editorSchemaText()) as { $defs: Record<string, unknown> };
    const refs = new Set([...JSON.stringify(schema).matchAll(/"\$ref":"#\/\$defs\/([A-Za-z_]+)"/g)].map((m) => m[1]));
    expect([...refs].filter((name) => name !== undefined && !(name in schema.$defs))).toEqual([]);
    expect(Object.keys(schema.$defs).filter((name) => !refs.has(name))).toEqual([]);
  });
});

describe('the config types come from the schema', () => {
  test('a settings section as the config writes it is one the service accepts', () => {
    expectTypeOf<Static<typeof repositorySettings>>().toExtend<RepositorySettings>();
    expectTypeOf<NonNullable<NonNullable<ConfigDocument['git']>['defaults']>>().toExtend<OrgSettings>();
    expectTypeOf<Static<typeof threshold>>().toExtend<Threshold>();
    expect(Object.keys(organizationSections)).toHaveLength(11);
  });

  test('a key the schema does not define is a type error too', () => {
    // @ts-expect-error: `monitored` is a repository key, not a team key
    const team: NonNullable<ConfigDocument['teams']>[string] = { monitored: true };
    expect(team).toBeDefined();
  });
});
