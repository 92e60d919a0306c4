// `emctl completion bash|zsh|fish`: a completion script on stdout. commander has none built in, so
// the scripts are generated from the program itself (every command, its options and their
// choices), and cannot fall out of step with it.

import type { Command, Option } from 'commander';
import { GROUP_BYS, ROLL_UPS, V2_METRICS } from '../../contract/metrics.js';
import { EmctlError } from '../../contract/errors.js';
import { OUTPUT_FORMATS } from '../../measure/output-formats.js';
import { NETWORK_OPTIONS, OFFLINE_COMMANDS, type CommandContext } from '../context.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

interface Spec {
  name: string;
  description: string;
  options: { flags: string[]; takesValue: boolean; choices: string[]; description: string }[];
  /** The global options its help lists: an offline command's leaves out the network ones. */
  globals: Spec['options'];
  /** The words its argument takes, when it is one of a few (`completion bash`); else files. */
  words: string[];
}

function optionSpec(o: Option): Spec['options'][number] {
  const flags = [o.short, o.long].filter((f): f is string => f !== undefined);
  return { flags, takesValue: o.required || o.optional, choices: [...(o.argChoices ?? [])], description: o.description };
}

/** commander adds -h/--help to every command itself; it is not among `options`. */
const HELP: Spec['options'][number] = { flags: ['-h', '--help'], takesValue: false, choices: [], description: 'display help for command' };

/**
 * Values bash offers for options whose value is not one of commander's fixed choices: the bundled
 * fixture's name besides fixture files; the first word of each kind of address (an address is not
 * a file, and is typed on from there: no space after it); the measurement request's values, which
 * checkSpec validates rather than commander (`--format` here is measurements'; plan's has choices).
 */
const ADDRESS_ROOTS = ['collection.', 'team[', 'git.defaults', 'repo['];
const METRIC_NAMES = V2_METRICS.map((m) => m.name);
const BASH_VALUE_WORDS: Record<string, { words: readonly string[]; files?: boolean; nospace?: boolean }> = {
  '--emulator': { words: ['default'], files: true },
  '--target': { words: ADDRESS_ROOTS, nospace: true },
  '--exclude': { words: ADDRESS_ROOTS, nospace: true },
  '--metric': { words: METRIC_NAMES },
  '--order-by': { words: METRIC_NAMES },
  '--group-by': { words: GROUP_BYS },
  '--roll-up': { words: ROLL_UPS },
  '--api': { words: ['v2', 'v1'] },
  '--format': { words: OUTPUT_FORMATS },
};

/** The whole command line as data: global options, then each command with its own. */
export function completionSpec(program: Command): { globals: Spec['options']; commands: Spec[] } {
  const globals = program.options.map(optionSpec);
  const onlineGlobals = globals.filter((o) => !o.flags.some((f) => NETWORK_OPTIONS.has(f)));
  return {
    // -h/--help: among the program's options here, among each command's own below.
    globals: [...globals, HELP],
    commands: program.commands
      .filter((c) => c.name() !== 'help')
      .map((c) => ({
        name: c.name(),
        description: c.description(),
        options: [...c.options.map(optionSpec), HELP],
        globals: OFFLINE_COMMANDS.has(c.name()) ? onlineGlobals : globals,
        words: c.name() === 'completion' ? [...SHELLS] : [],
      })),
  };
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export function completionScript(shell: Shell, program: Command): string {
  const spec = completionSpec(program);
  switch (shell) {
    case 'bash':
      return bashScript(spec);
    case 'zsh':
      return zshScript(spec);
    case 'fish':
      return fishScript(spec);
  }
}

/** The `case "$prev"` branch for an option that takes a value: its choices, its words, or nothing (bash then offers files). */
function bashValueCase(o: Spec['options'][number]): string {
  const extra = o.flags.map((f) => BASH_VALUE_WORDS[f]).find((w) => w !== undefined);
  const words = o.choices.length > 0 ? o.choices : (extra?.words ?? []);
  const parts = [words.length > 0 ? `$(compgen -W ${quote(words.join(' '))} -- "$cur")` : '', extra?.files ? '$(compgen -f -- "$cur")' : ''].filter((p) => p !== '');
  // An address is typed on from its first word (team[42]): no space after it.
  const nospace = extra?.nospace ? 'compopt -o nospace 2>/dev/null; ' : '';
  return `        ${o.flags.join('|')}) ${nospace}COMPREPLY=(${parts.join(' ')}); return ;;`;
}

function bashScript(spec: ReturnType<typeof completionSpec>): string {
  const globalFlags = spec.globals.flatMap((o) => o.flags).join(' ');
  const valueGlobals = spec.globals.filter((o) => o.takesValue);
  // The value after a global option that takes one: its choices, else nothing (bash then offers
  // files), never the commands.
  const globalValueCases = valueGlobals.map(bashValueCase).join('\n');
  const cases = spec.commands
    .map((c) => {
      const flags = [...c.options, ...c.globals].flatMap((o) => o.flags).join(' ');
      const choices = c.options
        .filter((o) => o.choices.length > 0 || o.flags.some((f) => f in BASH_VALUE_WORDS))
        .map(bashValueCase)
        .join('\n');
      const words = c.words.length > 0 ? `COMPREPLY+=($(compgen -W ${quote(c.words.join(' '))} -- "$cur"))` : 'COMPREPLY+=($(compgen -f -- "$cur"))';
      return `    ${c.name})\n      case "$prev" in\n${choices}${choices ? '\n' : ''}${globalValueCases}\n      esac\n      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W ${quote(flags)} -- "$cur")); else COMPREPLY=(); ${words}; fi\n      ;;`;
    })
    .join('\n');
  return `# emctl completion for bash. Load it with: source <(emctl completion bash)
_emctl() {
  local cur prev cmd i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  cmd=""
  # The command is the first word that is neither an option nor an option's value
  # (\`emctl --emulator default plan\`); bash splits --opt=value at "=" and ":" into words of their own.
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      ${valueGlobals.flatMap((o) => o.flags).join('|')})
        [[ "\${COMP_WORDS[i+1]}" == "=" ]] && ((i++))
        ((i++)) ;;
      =|:) ((i++)) ;;
      -*) ;;
      *) cmd="\${COMP_WORDS[i]}"; break ;;
    esac
  done
  case "$cmd" in
    "")
      case "$prev" in
${globalValueCases}
      esac
      COMPREPLY=($(compgen -W ${quote(`${spec.commands.map((c) => c.name).join(' ')} ${globalFlags}`)} -- "$cur"))
      ;;
${cases}
  esac
}
complete -o default -F _emctl emctl
`;
}

function zshScript(spec: ReturnType<typeof completionSpec>): string {
  const arg = (o: Spec['options'][number]): string => {
    const desc = o.description.replace(/[[\]:']/g, ' ');
    const value = o.takesValue ? (o.choices.length > 0 ? `:value:(${o.choices.join(' ')})` : ':value:_files') : '';
    const names = o.flags.length > 1 ? `{${o.flags.join(',')}}` : o.flags[0]!;
    return `    ${quote(`${o.flags.length > 1 ? '' : names}[${desc}]${value}`).replace(/^'/, o.flags.length > 1 ? `${names}'` : "'")}`;
  };
  const commands = spec.commands.map((c) => `    ${quote(`${c.name}:${c.description.replace(/'/g, '')}`)}`).join('\n');
  const operand = (c: Spec): string => (c.words.length > 0 ? quote(`1:${c.name}:(${c.words.join(' ')})`) : `'*:file:_files'`);
  const cases = spec.commands.map((c) => `    ${c.name})\n      _arguments -s \\\n${[...c.options, ...c.globals].map(arg).join(' \\\n')} \\\n        ${operand(c)}\n      ;;`).join('\n');
  return `#compdef emctl
# emctl completion for zsh. Load it with: source <(emctl completion zsh)
_emctl() {
  local -a commands
  commands=(
${commands}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "\${words[2]}" in
${cases}
  esac
}
compdef _emctl emctl
`;
}

function fishScript(spec: ReturnType<typeof completionSpec>): string {
  const names = spec.commands.map((c) => c.name).join(' ');
  const lines = [`# emctl completion for fish. Load it with: emctl completion fish | source`, 'complete -c emctl -f'];
  for (const c of spec.commands) {
    lines.push(`complete -c emctl -n "not __fish_seen_subcommand_from ${names}" -a ${c.name} -d ${quote(c.description)}`);
  }
  const option = (o: Spec['options'][number], condition: string): string => {
    const parts = o.flags.map((f) => (f.startsWith('--') ? `-l ${f.slice(2)}` : `-s ${f.slice(1)}`));
    const value = o.takesValue ? (o.choices.length > 0 ? ` -x -a ${quote(o.choices.join(' '))}` : ' -r -F') : '';
    return `complete -c emctl ${condition}${parts.join(' ')}${value} -d ${quote(o.description)}`;
  };
  // Network options are not offered after an offline command (its help leaves them out).
  const offline = spec.commands.filter((c) => !c.globals.some((o) => o.flags.some((f) => NETWORK_OPTIONS.has(f)))).map((c) => c.name).join(' ');
  for (const o of spec.globals) {
    const network = offline !== '' && o.flags.some((f) => NETWORK_OPTIONS.has(f));
    lines.push(option(o, network ? `-n "not __fish_seen_subcommand_from ${offline}" ` : ''));
  }
  // -h/--help is among the globals above, for every command.
  for (const c of spec.commands) for (const o of c.options) if (o !== HELP) lines.push(option(o, `-n "__fish_seen_subcommand_from ${c.name}" `));
  for (const c of spec.commands) {
    if (c.words.length > 0) lines.push(`complete -c emctl -n "__fish_seen_subcommand_from ${c.name}" -a ${quote(c.words.join(' '))}`);
  }
  return `${lines.join('\n')}\n`;
}

export function registerCompletionCommand(program: Command, ctx: CommandContext): void {
  program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish) on stdout')
    .argument('<shell>', 'bash, zsh or fish')
    .addHelpText(
      'after',
      `
Examples:
  source <(emctl completion bash)                           in ~/.bashrc
  emctl completion zsh > "\${fpath[1]}/_emctl"                then restart zsh
  emctl completion fish > ~/.config/fish/completions/emctl.fish`,
    )
    .action((shell: string, _opts: unknown, command: Command) => {
      if (!(SHELLS as readonly string[]).includes(shell)) throw new EmctlError('config', `no completion for "${shell}": choose bash, zsh or fish`);
      // The script lists every command: the program this command is part of has them all.
      ctx.io.stdout.write(completionScript(shell as Shell, command.parent ?? command));
    });
}
