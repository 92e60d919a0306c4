// Parses one config file into plain data with placements: the fast reader when the file stays
// within the YAML it understands (nearly every config), else the complete `yaml` package reader.

import { parseFast } from './fast-yaml.js';
import type { Placements, SourceText } from './source.js';
import { parseYamlFile, type FileParse } from './yaml-tree.js';

export function parseConfigText(source: SourceText, store: Placements): FileParse {
  const root = parseFast(source, store);
  if (root) return { root, diagnostics: [] };
  return parseYamlFile(source, store);
}
