// Parses one config file into plain data with placements: the fast reader when the file stays
// within the YAML it understands (nearly every config), else the complete `yaml` package reader.

import { NestingTooDeep, parseFast } from './fast-reader.js';
import type { Placements, SourceText } from './source.js';
import { UnclosedFlow, unclosedFlowAt, unclosedFlowMessage } from './unclosed-flow.js';
import { diagnosticAt, parseYamlFile, tooDeepMessage, type FileParse } from './full-reader.js';

export function parseConfigText(source: SourceText, store: Placements): FileParse {
  try {
    const root = parseFast(source, store);
    if (root) return { root, diagnostics: [] };
  } catch (error) {
    if (error instanceof UnclosedFlow) return unclosed(source, error.offset);
    if (!(error instanceof NestingTooDeep)) throw error;
    return { diagnostics: [diagnosticAt(source, error.offset, tooDeepMessage())] };
  }
  // The package builds a token per item before it sees that a flow collection never closes.
  const open = unclosedFlowAt(source.text);
  if (open !== undefined) return unclosed(source, open);
  return parseYamlFile(source, store);
}

function unclosed(source: SourceText, offset: number): FileParse {
  return { diagnostics: [diagnosticAt(source, offset, unclosedFlowMessage(source.text[offset] ?? '['))] };
}
