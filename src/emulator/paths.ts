// Files shipped with the package, found relative to this module so that the same code works from
// src/ (vitest) and from dist/ (the built CLI): both sit two levels below the package root.

import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const EXAMPLE_FIXTURE_PATH = join(PACKAGE_ROOT, 'examples', 'acme', 'emulator.yaml');
export const FIXTURE_SCHEMA_PATH = join(PACKAGE_ROOT, 'schemas', 'fixture.schema.json');
