// The editor schema, schemas/emctl.schema.json, from the config model (src/core/config-schema, which
// composes each kind's part, src/core/kinds/<kind>/config.ts), where the schema and the TypeScript
// types of the config are defined together. The file is committed (editors fetch it by URL, and
// the validator is precompiled from it).
//
//   node scripts/generate-schema.mjs          writes it (`npm run schema`)
//   node scripts/generate-schema.mjs --check  fails when it is not the model's (`npm run build`,
//                                             so `npm test` and CI refuse a stale schema)

import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { editorSchemaText } from '../dist/core/config-schema/editor-schema.js';

const target = fileURLToPath(new URL('../schemas/emctl.schema.json', import.meta.url));
const text = editorSchemaText();
let current = '';
try {
  current = readFileSync(target, 'utf8');
} catch {
  // not there yet
}
if (current === text) process.exit(0);
if (process.argv.includes('--check')) {
  process.stderr.write('schemas/emctl.schema.json is not the one the config model (src/core/config-schema) gives: run `npm run schema` and commit it\n');
  process.exit(1);
}
writeFileSync(`${target}.tmp`, text);
renameSync(`${target}.tmp`, target);
process.stderr.write('schemas/emctl.schema.json: written from src/core/config-schema (commit it with the change)\n');
