// Parses one config file into plain data with placements: the fast reader when the file stays
// within the YAML it understands (nearly every config), else the complete `yaml` package reader.

import { NestingTooDeep, parseFast } from './fast-yaml.js';
import type { Placements, SourceText } from './source.js';
import { diagnosticAt, parseYamlFile, tooDeepMessage, type FileParse } from './yaml-tree.js';

export function parseConfigText(source: SourceText, store: Placements): FileParse {
  try {
    const root = parseFast(source, store);
    if (root) return { root, diagnostics: [] };
  } catch (error) {
    if (!(error instanceof NestingTooDeep)) throw error;
    return { diagnostics: [diagnosticAt(source, error.offset, tooDeepMessage())] };
  }
  return parseYamlFile(source, store);
}
