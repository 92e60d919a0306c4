// Habits from Terraform, met with a pointer instead of a bare "unknown" (DESIGN 9): someone who
// types `emctl init` or `emctl plan -json` knows what they want; say how emctl does it.

/** What a usage error is about: an unknown command, or an unknown option of a command. */
type Unknown = { command: string } | { option: string; of: string; hasFormat: boolean };

const COMMANDS: Record<string, string> = {
  init: 'emctl needs no init: there are no providers, modules or backend to set up; start with "emctl validate", or "emctl export --out emctl.yaml" for an existing organization',
  fmt: 'emctl has no fmt: "emctl validate" checks the config; format the YAML with your editor',
  state: 'emctl keeps no state file: every plan reads live state from the service; "emctl export" prints it as a config',
  import: 'emctl has no import: "emctl export --out emctl.yaml" writes the live organization as a config to manage',
  refresh: 'emctl has nothing to refresh: every plan and drift reads live state from the service',
  destroy: 'emctl has no destroy: to clear objects, write them empty in the config (`boards: []`, `repositories: []`, `settings: {}`) and run "emctl plan", then "emctl apply"; deleting an object from the file stops managing it and leaves it as it is',
};

/** The pointer for `unknown`, or undefined when it is no Terraform habit. */
export function habitPointer(unknown: Unknown): string | undefined {
  if ('command' in unknown) return Object.hasOwn(COMMANDS, unknown.command) ? COMMANDS[unknown.command] : undefined;
  const name = unknown.option.replace(/^--?/, '').replace(/=.*$/, '');
  if (name === 'json' && unknown.hasFormat) return 'use --format json';
  if (unknown.of === 'apply' && (name === 'target' || name === 'exclude')) {
    return `apply takes no --${name}: plan the subset with "emctl plan --${name} ADDR --out plan.json", then "emctl apply plan.json"`;
  }
  if (unknown.of === 'drift' && name === 'detailed-exitcode') return 'drift always exits 2 when live state differs (0 when it does not): no flag needed';
  return undefined;
}

/** Reads commander's usage error: what was not known, if it says. */
export function unknownIn(message: string, command: { name(): string; options: readonly { long?: string | undefined }[] }): Unknown | undefined {
  const cmd = /unknown command '([^']+)'/.exec(message);
  if (cmd?.[1] !== undefined) return { command: cmd[1] };
  const opt = /unknown option '(-[^']+)'/.exec(message);
  if (opt?.[1] === undefined) return undefined;
  return { option: opt[1], of: command.name(), hasFormat: command.options.some((o) => o.long === '--format') };
}
