// The editor schema (schemas/emctl.schema.json) as JSON: the config document with every named
// part under `$defs`, by name (whatever order the modules defining them were loaded in).
// `npm run schema` writes it; `npm run build` fails when the committed file is not this.

import { configDocument } from './config.js';
import { namedParts } from './kit.js';

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The editor schema as the text of schemas/emctl.schema.json. */
export function editorSchemaText(): string {
  const document = { $schema: JSON_SCHEMA_DIALECT, ...configDocument, $defs: Object.fromEntries([...namedParts()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
  return `${JSON.stringify(document, null, 2)}\n`;
}
