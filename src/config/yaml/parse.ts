// Parses one config file into plain data with placements: the fast reader when the file stays
// within the YAML it understands (nearly every config), else the complete `yaml` package reader.

import { NestingTooDeep, parseFast } from './fast-reader.js';
import type { Placements, SourceText } from './source.js';
import { FlowSyntax, flowProblemAt, flowProblemMessage, type FlowProblem } from './flow-scan.js';
import { diagnosticAt, parseYamlFile, tooDeepMessage, type FileParse } from './full-reader.js';

export function parseConfigText(source: SourceText, store: Placements): FileParse {
  try {
    const root = parseFast(source, store);
    if (root) return { root, diagnostics: [] };
  } catch (error) {
    if (error instanceof FlowSyntax) return flowProblem(source, error.problem);
    if (!(error instanceof NestingTooDeep)) throw error;
    return { diagnostics: [diagnosticAt(source, error.offset, tooDeepMessage())] };
  }
  // The package builds a token per item before it sees that a flow collection never closes.
  const problem = flowProblemAt(source.text);
  if (problem !== undefined) return flowProblem(source, problem);
  return parseYamlFile(source, store);
}

function flowProblem(source: SourceText, problem: FlowProblem): FileParse {
  const where = (offset: number) => {
    const { line, column } = source.position(offset);
    return `line ${line}, column ${column}`;
  };
  return { diagnostics: [diagnosticAt(source, problem.at, flowProblemMessage(source.text, problem, where))] };
}
