// Parses one config file into plain data with placements.

import type { FileParse } from './yaml-tree.js';
import { parseYamlFile } from './yaml-tree.js';
import type { Placements, SourceText } from './source.js';

export function parseConfigText(source: SourceText, store: Placements): FileParse {
  return parseYamlFile(source, store);
}
