// Build step (after tsc): writes the editor schema, schemas/emctl.schema.json, from the config
// model (src/core/config-schema), where the schema and the TypeScript types of the config are
// defined together. The file is committed (editors fetch it by URL); CI checks that the build
// left it unchanged, and a test that it is the model's.

import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { editorSchemaText } from '../dist/core/config-schema/editor-schema.js';

const target = fileURLToPath(new URL('../schemas/emctl.schema.json', import.meta.url));
const text = editorSchemaText();
let current = '';
try {
  current = readFileSync(target, 'utf8');
} catch {
  // not there yet: written below
}
if (current !== text) {
  writeFileSync(`${target}.tmp`, text);
  renameSync(`${target}.tmp`, target);
  process.stderr.write('schemas/emctl.schema.json: written from src/core/config-schema (commit it with the change)\n');
}
