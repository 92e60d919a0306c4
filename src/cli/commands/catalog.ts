// Every command's name, summary and usage term, and how to load its module: what the executable
// needs to list the commands (`emctl --help`) and to load only the one it runs. Kept in step with
// the modules by test/cli/lazy.test.ts (the lazily built help must equal the full program's).

import type { Command } from 'commander';
import type { CommandContext } from '../program.js';

export type Register = (program: Command, ctx: CommandContext) => void;

export interface CatalogEntry {
  name: string;
  description: string;
  /** As the root help lists it: name, `[options]`, arguments. */
  term: string;
  load(): Promise<Register>;
}

/** In the order of the workflow, which is the order `emctl --help` lists them (as commands/index.ts registers them). */
export const COMMAND_CATALOG: readonly CatalogEntry[] = [
  {
    name: 'validate',
    description: 'check the config offline: schema, references, duplicates, regexes; no network',
    term: 'validate [options]',
    load: async () => (await import('./validate.js')).registerValidate,
  },
  {
    name: 'plan',
    description: 'show what apply would change (reads live state, writes nothing)',
    term: 'plan [options]',
    load: async () => (await import('./plan.js')).registerPlanCommand,
  },
  {
    name: 'apply',
    description: 'apply the changes of a plan: plan first from the config, or run a saved plan file',
    term: 'apply [options] [planfile]',
    load: async () => (await import('./apply.js')).registerApplyCommand,
  },
  {
    name: 'drift',
    description: 'compare live state with the config, read-only: exit 0 in sync, 2 on drift, 1 on error',
    term: 'drift [options]',
    load: async () => (await import('./drift.js')).registerDriftCommand,
  },
  {
    name: 'export',
    description: 'write live state as an emctl config (or an emulator fixture): read-only',
    term: 'export [options]',
    load: async () => (await import('./export.js')).registerExportCommand,
  },
  {
    name: 'measurements',
    description: "export the service's engineering metrics (from flags or the config's reports) as a table, csv, json, markdown, chart or html",
    term: 'measurements [options] [report...]',
    load: async () => (await import('./measurements.js')).registerMeasurementsCommand,
  },
  {
    name: 'emulator',
    description: 'serve an emulator of the Engineering Metrics Service (default: the bundled Acme example)',
    term: 'emulator [options]',
    load: async () => (await import('./emulator.js')).registerEmulatorCommand,
  },
  {
    name: 'show',
    description: 'show a saved plan (emctl plan --out FILE), offline',
    term: 'show [options] <planfile>',
    load: async () => (await import('./show.js')).registerShowCommand,
  },
  {
    name: 'version',
    description: 'print the emctl version (--json: with the plan format and the Node.js version)',
    term: 'version [options]',
    load: async () => (await import('./version.js')).registerVersionCommand,
  },
  {
    name: 'completion',
    description: 'print a shell completion script (bash, zsh or fish) on stdout',
    term: 'completion <shell>',
    load: async () => (await import('./completion.js')).registerCompletionCommand,
  },
];
