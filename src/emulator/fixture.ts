// Loading an emulator fixture: YAML or JSON text -> schema check (schemas/fixture.schema.json) ->
// reference checks (fixture-checks.ts) -> a Fixture with settings normalized. A bad fixture is
// refused with one EmctlError naming the file, the position and the field, e.g.
// `emulator.yaml:12:15: integrations[2].provider: must be one of tracker_a, tracker_b, ...`.

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { EmctlError } from '../contract/errors.js';
import { checkFixtureReferences } from './fixture-checks.js';
import { type FixtureProblem } from './fixture-types.js';
import type { Fixture } from './fixture-types.js';
import { FIXTURE_SCHEMA_PATH } from './paths.js';

export type * from './fixture-types.js';

let validator: ValidateFunction | undefined;

function schemaValidator(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(readFileSync(FIXTURE_SCHEMA_PATH, 'utf8')) as object;
    validator = new Ajv2020({ allErrors: false, strict: false }).compile(schema);
  }
  return validator;
}

/** `['integrations', 2, 'provider']` -> `integrations[2].provider`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? seg : `.${seg}`;
  }
  return out === '' ? '(top level)' : out;
}

function ajvMessage(error: ErrorObject): { path: (string | number)[]; message: string } {
  const path: (string | number)[] = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return { path, message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'required':
      return { path: [...path, String(params.missingProperty)], message: 'is required' };
    case 'additionalProperties':
      return { path: [...path, String(params.additionalProperty)], message: 'is not a known field' };
    default:
      return { path, message: error.message ?? 'is invalid' };
  }
}

function fail(fileName: string, doc: Document | undefined, lines: LineCounter | undefined, problem: FixtureProblem): never {
  let where = fileName;
  const node = doc?.getIn(problem.path, true) as { range?: [number, number, number] } | undefined;
  // A missing field has no node: point at its parent object instead.
  const located = node?.range ? node : (doc?.getIn(problem.path.slice(0, -1), true) as { range?: [number, number, number] } | undefined);
  if (located?.range && lines) {
    const pos = lines.linePos(located.range[0]);
    where += `:${pos.line}:${pos.col}`;
  }
  throw new EmctlError('config', `invalid emulator fixture ${where}: ${formatPath(problem.path)}: ${problem.message}`);
}

/** Parses and checks fixture text (YAML or JSON). */
export function parseFixture(text: string, fileName: string): Fixture {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const first = doc.errors[0]!;
    const pos = first.linePos?.[0];
    throw new EmctlError('config', `invalid emulator fixture ${fileName}${pos ? `:${pos.line}:${pos.col}` : ''}: ${first.message.split('\n')[0]}`);
  }
  const data: unknown = doc.toJS({ maxAliasCount: 1000 });
  return checkFixtureData(data, fileName, doc, lines);
}

/** Checks an already-parsed fixture object (e.g. from generateFixture or a state file). */
export function checkFixtureData(data: unknown, fileName: string, doc?: Document, lines?: LineCounter): Fixture {
  const validate = schemaValidator();
  if (!validate(data)) fail(fileName, doc, lines, ajvMessage(validate.errors![0]!));
  const fixture = structuredClone(data) as Fixture;
  const problem = checkFixtureReferences(fixture);
  if (problem) fail(fileName, doc, lines, problem);
  return fixture;
}

/** Reads and checks a fixture file; every problem is an EmctlError('config') naming file and field. */
export async function loadFixtureFile(path: string): Promise<Fixture> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EmctlError('config', `cannot read emulator fixture ${path}: ${code === 'ENOENT' ? 'no such file' : String(code ?? error)}`);
  }
  return parseFixture(text, path);
}
