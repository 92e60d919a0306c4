// What this build of emctl is: its version (package.json's, checked by a test).
// One place, so `emctl version`, saved plans, exported files and the schema links agree.

export const EMCTL_VERSION = '0.1.0';

/**
 * The URL an exported file names in its `# yaml-language-server: $schema=` comment: the schema
 * as published with this version's tag, so an exported file committed anywhere (not next to an
 * emctl checkout) still finds the schema it was written for, and a newer emctl does not change it
 * under an old file. A relative path would only resolve from one place on one machine.
 */
export function schemaUrl(schema: 'emctl' | 'fixture'): string {
  return `https://raw.githubusercontent.com/emctl/emctl/v${EMCTL_VERSION}/schemas/${schema}.schema.json`;
}
