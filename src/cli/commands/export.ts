// `emctl export` (src/workflows/export.ts): live state as a config, a directory config or an
// emulator fixture.

import { Option, type Command } from 'commander';
import { REPO_SETTINGS_SCOPES } from '../../export/repo-settings-scopes.js';
import type { ExportRequest } from '../../workflows/export.js';
import type { CommandContext } from '../context.js';

export function registerExportCommand(program: Command, ctx: CommandContext): void {
  program
    .command('export')
    .description('write live state as an emctl config (or an emulator fixture): read-only')
    .option('-c, --config <path>', 'also export every team this config manages (file or directory of *.yaml)')
    .option('--teams <teams>', "export only these teams: names as the service spells them, or ids (comma-separated); default: every team the service lists")
    .option('--out <path>', 'write to this file instead of stdout')
    .option('--split <dir>', 'write a directory config: integrations.yaml, git.yaml and one team-<id>.yaml per team')
    .option('--fixture', 'write an emulator fixture (schemas/fixture.schema.json) instead, for offline plans')
    .addOption(
      new Option('--repo-settings <which>', 'repositories whose overrides are read (one call each)')
        .choices([...REPO_SETTINGS_SCOPES])
        .default('all'),
    )
    .addHelpText(
      'after',
      `
Examples:
  emctl export --out emctl.yaml        onboard: export, commit, then "emctl plan" shows no changes
  emctl export --teams 42,43 --split config/
                                       one file per team plus shared files; use with -c config/
  emctl export --teams "Payments,Test Automation,42" --out emctl.yaml
                                       teams by name (exact, case counts) or id
  emctl export --fixture -c emctl/ --out emctl-snapshot.yaml
                                       a snapshot for offline plans of that config:
                                       emctl --emulator emctl-snapshot.yaml plan -c emctl/

Teams come from the service's team list: every team but its own two. A name --teams gives
that no team has (the closest are shown) or that two teams share (give the id) is an error,
before any read beyond the integration and team lists. A service that lists no teams (an
older one) is read through used_by of boards and projects: name a team that only has a Git
scope there with --teams, by id.`,
    )
    .action(async (opts: ExportRequest, command: Command) => {
      const { exportWorkflow } = await import('../../workflows/export.js');
      await exportWorkflow({ globals: ctx.globals(command) }, ctx.io, opts);
    });
}
