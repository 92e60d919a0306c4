// Finds the `emctl ...` commands in shell scripts (CI `run:` / `script:` blocks, doc snippets),
// as argument vectors. A small POSIX-shell lexer: quotes, escapes, line continuations, comments,
// operators and redirections; enough to see commands the way the shell will, no more.

export interface Invocation {
  /** Arguments after `emctl`, quotes removed. */
  args: string[];
  /** The script line it starts on, for messages. */
  line: string;
}

type Token = { kind: 'word'; text: string; quoted: boolean } | { kind: 'op'; text: string };

const OPERATORS = ['&&', '||', ';;', '$(', '|', ';', '(', ')', '&', '\n'];
const REDIRECT = /^(>>|>&|<&|>|<)$/;

function lex(script: string): Token[] {
  const tokens: Token[] = [];
  const src = script.replace(/\\\r?\n/g, ' ');
  let i = 0;
  let word = '';
  let quoted = false;
  let inWord = false;
  const flush = () => {
    if (inWord) tokens.push({ kind: 'word', text: word, quoted });
    word = '';
    quoted = false;
    inWord = false;
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (!inWord && ch === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (ch === ' ' || ch === '\t') {
      flush();
      i++;
      continue;
    }
    if (ch === '>' || ch === '<') {
      // `2>`, `>>`, `>&`: an operator (a leading fd number belongs to it); its target is the next word.
      if (inWord && !quoted && /^\d+$/.test(word)) {
        word = '';
        inWord = false;
      }
      flush();
      const op = /^(>>|>&|<&|>|<)/.exec(src.slice(i))![0];
      tokens.push({ kind: 'op', text: op });
      i += op.length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op) {
      flush();
      tokens.push({ kind: 'op', text: op });
      i += op.length;
      continue;
    }
    inWord = true;
    if (ch === "'") {
      const end = src.indexOf("'", i + 1);
      word += src.slice(i + 1, end === -1 ? undefined : end);
      quoted = true;
      i = end === -1 ? src.length : end + 1;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') {
        if (src[j] === '\\' && j + 1 < src.length) j++;
        word += src[j];
        j++;
      }
      quoted = true;
      i = j + 1;
    } else if (ch === '\\' && i + 1 < src.length) {
      word += src[i + 1];
      i += 2;
    } else {
      word += ch;
      i++;
    }
  }
  flush();
  return tokens;
}

/** Words after which the next word is a command name. */
const COMMAND_PREFIXES = new Set(['{', 'then', 'else', 'do', 'if', 'elif', 'while', 'until', '!', 'time', 'exec']);

export function emctlInvocations(script: string): Invocation[] {
  const tokens = lex(script);
  const lines = script.replace(/\\\r?\n/g, ' ').split('\n');
  const out: Invocation[] = [];
  let commandPosition = true;
  let lineNo = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'op') {
      if (t.text === '\n') lineNo++;
      if (REDIRECT.test(t.text)) i++; // skip the target
      else commandPosition = true;
      continue;
    }
    if (commandPosition && t.text === 'emctl' && !t.quoted) {
      const args: string[] = [];
      let j = i + 1;
      for (; j < tokens.length; j++) {
        const a = tokens[j]!;
        if (a.kind === 'op' && REDIRECT.test(a.text)) {
          j++;
          continue;
        }
        if (a.kind === 'op') break;
        args.push(a.text);
      }
      out.push({ args, line: (lines[lineNo] ?? '').trim() });
      i = j - 1;
      commandPosition = false;
      continue;
    }
    commandPosition = COMMAND_PREFIXES.has(t.text) && !t.quoted;
  }
  return out;
}
