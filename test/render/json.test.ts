import { describe, expect, it } from 'vitest';
import { parsePlanJson, renderPlanJson } from '../../src/render/json.js';
import { everyKind, op, plan } from './fixtures.js';

const small = plan({
  created_at: '2026-11-21T15:00:00.000Z',
  changes: [
    // Keys in a deliberately odd order: the output order must not depend on it.
    { impacts: ['history-recompute'], after: { pattern: '^v', method: 'tags' }, before: null, action: 'add', kind: 'org-default', address: 'git.defaults.releases_detection' },
  ],
  operations: [
    op({
      id: 'org-config',
      stage: 1,
      method: 'PATCH',
      path: '/api/v1/git/config',
      description: 'write 1 org default',
      addresses: ['git.defaults.releases_detection'],
      body: { releases_detection: { pattern: '^v', method: 'tags', backfill_days: 90 } },
    }),
  ],
  warnings: [{ message: 'team name differs', address: 'team[42]', location: 'emctl.yaml:4:5' }],
  reads: [{ addresses: ['git.defaults.releases_detection'], method: 'GET', path: '/api/v1/git/config', digest: 'sha256:ab' }],
  totals: { override_removal: 3, deselect: 10 },
});

describe('renderPlanJson', () => {
  it('writes everything in a fixed key order with sorted keys inside values', () => {
    expect(renderPlanJson(small)).toBe(`{
  "format_version": 2,
  "created_at": "2026-11-21T15:00:00.000Z",
  "config_files": [
    "emctl.yaml"
  ],
  "summary": {
    "add": 1,
    "update": 0,
    "remove": 0,
    "operations": 1
  },
  "changes": [
    {
      "address": "git.defaults.releases_detection",
      "kind": "org-default",
      "action": "add",
      "impacts": [
        "history-recompute"
      ],
      "before": null,
      "after": {
        "method": "tags",
        "pattern": "^v"
      }
    }
  ],
  "operations": [
    {
      "id": "org-config",
      "stage": 1,
      "method": "PATCH",
      "path": "/api/v1/git/config",
      "route": "PATCH /api/v1/git/config",
      "description": "write 1 org default",
      "addresses": [
        "git.defaults.releases_detection"
      ],
      "depends_on": [],
      "body": {
        "releases_detection": {
          "backfill_days": 90,
          "method": "tags",
          "pattern": "^v"
        }
      }
    }
  ],
  "warnings": [
    {
      "message": "team name differs",
      "address": "team[42]",
      "location": "emctl.yaml:4:5"
    }
  ],
  "errors": [],
  "reads": [
    {
      "addresses": [
        "git.defaults.releases_detection"
      ],
      "method": "GET",
      "path": "/api/v1/git/config",
      "digest": "sha256:ab"
    }
  ],
  "totals": {
    "deselect": 10,
    "override_removal": 3
  }
}
`);
  });

  it('round-trips through parsePlanJson, every kind, label, destructive, items, body and desired state included', () => {
    const full = plan({
      changes: everyKind,
      operations: [
        op({
          id: 'monitor',
          stage: 1,
          method: 'PATCH',
          path: '/api/v1/git/repositories',
          description: 'monitor 2 repositories',
          addresses: ['repo["acme/new"].monitored', 'repo["acme/web"].monitored'],
          items: [
            { key: '1235', address: 'repo["acme/new"].monitored' },
            { key: '1236', address: 'repo["acme/web"].monitored' },
          ],
          body: { items: [{ id: 1235, state: 'monitored' }, { id: 1236, state: 'monitored' }] },
        }),
        op({ id: 'scope', stage: 2, method: 'PUT', path: '/api/v1/teams/42/git-scope', description: 'write team 42', dependsOn: ['monitor'] }),
      ],
      warnings: [{ message: 'w' }],
      errors: [{ message: 'e', address: 'team[99]' }],
      totals: { stop_monitoring: 20 },
      desired: { version: 1, files: ['emctl.yaml'], teams: [{ id: 42, pm: [], path: ['teams', '42'] }] },
    });
    const parsed = parsePlanJson(renderPlanJson(full));
    expect(parsed).toEqual(full);
    expect(renderPlanJson(parsed)).toBe(renderPlanJson(full));
  });

  it('is byte-identical however the values were built', () => {
    const a = plan({ changes: [{ address: 'x', kind: 'org-default', action: 'add', before: null, after: { b: 1, a: 2 }, impacts: [] }] });
    const b = plan({ changes: [{ address: 'x', kind: 'org-default', action: 'add', before: null, after: { a: 2, b: 1 }, impacts: [] }] });
    expect(renderPlanJson(a)).toBe(renderPlanJson(b));
  });
});

describe('parsePlanJson refuses what is not an emctl plan', () => {
  const valid = JSON.parse(renderPlanJson(small)) as Record<string, unknown>;
  const cases: { name: string; text: string; message: string }[] = [
    { name: 'not JSON', text: 'version: 1\n', message: 'not an emctl plan: not valid JSON' },
    { name: 'a JSON list', text: '[]', message: 'not an emctl plan: expected a JSON object' },
    { name: 'a config file as JSON', text: '{"version": 1, "teams": {}}', message: 'not an emctl plan: no format_version' },
    {
      name: 'a newer format',
      text: JSON.stringify({ ...valid, format_version: 1 }),
      message: 'unsupported plan format_version 1: this emctl reads version 2; make the plan again with this emctl',
    },
    {
      name: 'an unknown action',
      text: JSON.stringify({ ...valid, changes: [{ address: 'x', kind: 'monitoring', action: 'create', before: null, after: true, impacts: [] }] }),
      message: 'not an emctl plan: changes[0].action: expected one of add, remove, update',
    },
    {
      name: 'an unknown impact',
      text: JSON.stringify({ ...valid, changes: [{ address: 'x', kind: 'monitoring', action: 'add', before: null, after: true, impacts: ['boom'] }] }),
      message: 'not an emctl plan: changes[0].impacts[0]: expected one of history-recompute, backfill, stops-collection, counts-against-limit, changes-team-metrics',
    },
    {
      name: 'a change without before/after',
      text: JSON.stringify({ ...valid, changes: [{ address: 'x', kind: 'monitoring', action: 'add', impacts: [] }] }),
      message: 'not an emctl plan: changes[0]: expected before and after',
    },
    {
      name: 'an operation with a bad method',
      text: JSON.stringify({ ...valid, operations: [{ ...(valid.operations as object[])[0], method: 'FETCH' }] }),
      message: 'not an emctl plan: operations[0].method: expected one of GET, PATCH, PUT, POST, DELETE',
    },
    { name: 'no changes list', text: JSON.stringify({ ...valid, changes: undefined }), message: 'not an emctl plan: changes: expected a list' },
    { name: 'a broken summary', text: JSON.stringify({ ...valid, summary: { add: -1 } }), message: 'not an emctl plan: summary.add: expected a non-negative integer' },
    { name: 'an unknown totals kind', text: JSON.stringify({ ...valid, totals: { teams: 3 } }), message: 'not an emctl plan: totals key: expected one of stop_monitoring, deselect, scope_removal, override_removal' },
  ];
  it.each(cases)('$name', ({ text, message }) => {
    expect(() => parsePlanJson(text)).toThrow(message);
  });
});

describe('parsePlanJson on a text that is not JSON never quotes it', () => {
  // The parser's own message repeats part of the text, and the file named may be anything: a key
  // file given where the plan goes must not be printed back.
  it.each([
    ['a key file', 'sk-live-7d3f9a2b4c5e', 'not an emctl plan: not valid JSON'],
    ['a YAML config', 'version: 1\nteams: {}\n', 'not an emctl plan: not valid JSON'],
    ['a cut file', '{"format_version":', 'not an emctl plan: not valid JSON: the text ends early'],
    ['a missing colon on line 2', '{\n  "format_version" 2}', 'not an emctl plan: not valid JSON at line 2, column 20'],
    ['text after the object', '{"a": 1} sk-live-7d3f9a2b4c5e', 'not an emctl plan: not valid JSON at line 1, column 10'],
  ])('%s', (_name, text, message) => {
    let thrown: Error | undefined;
    try {
      parsePlanJson(text);
    } catch (error) {
      thrown = error as Error;
    }
    expect(thrown?.message).toBe(message);
  });
});

describe('a scoped plan', () => {
  const scoped = { ...small, scope: { narrowed_by: ['--target team[42]', '--exclude team[42].git'], objects: 2 } };
  it('keeps its scope in the JSON, after config_files, and reads it back', () => {
    const text = renderPlanJson(scoped);
    expect(text).toContain('"scope": {\n    "narrowed_by": [\n      "--target team[42]",\n      "--exclude team[42].git"\n    ],\n    "objects": 2\n  },\n  "summary"');
    expect(parsePlanJson(text).scope).toEqual(scoped.scope);
    expect(parsePlanJson(renderPlanJson(small)).scope).toBeUndefined();
  });
  it('refuses a scope of the wrong shape, naming the field', () => {
    const text = renderPlanJson(scoped).replace('"objects": 2', '"objects": "two"');
    expect(() => parsePlanJson(text)).toThrow(/scope\.objects/);
  });
});
