// Config paths in a plan, relative to the working directory (src/plan/relative-paths.ts).

import { describe, expect, it } from 'vitest';
import { relativeLocation, relativePath } from '../../src/plan/relative-paths.js';

describe('relativePath', () => {
  it.each([
    ['/work/repo', '/work/repo/emctl.yaml', 'emctl.yaml'],
    ['/work/repo', '/work/repo/emctl/team-42.yaml', 'emctl/team-42.yaml'],
    ['/work/repo/', '/work/repo/emctl.yaml', 'emctl.yaml'],
    // Outside the working directory: the absolute path says more than ../../tmp/x.yaml.
    ['/work/repo', '/tmp/x.yaml', '/tmp/x.yaml'],
    ['/work/repo', '/work/repo-other/x.yaml', '/work/repo-other/x.yaml'],
    ['/work/repo', '/work/repo', '/work/repo'],
    // Already relative (a saved plan read back): kept.
    ['/work/repo', 'emctl/team-42.yaml', 'emctl/team-42.yaml'],
  ])('%s + %s -> %s', (cwd, file, expected) => {
    expect(relativePath(cwd, file)).toBe(expected);
  });
});

describe('relativeLocation', () => {
  it.each([
    ['/work/repo', '/work/repo/emctl.yaml:29:11', 'emctl.yaml:29:11'],
    ['/work/repo', '/tmp/x.yaml:1:1', '/tmp/x.yaml:1:1'],
    ['/work/repo', 'emctl.yaml:3:5', 'emctl.yaml:3:5'],
    ['/work/repo', '/work/repo/emctl.yaml', 'emctl.yaml'],
  ])('%s + %s -> %s', (cwd, location, expected) => {
    expect(relativeLocation(cwd, location)).toBe(expected);
  });
});
