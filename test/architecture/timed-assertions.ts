// Finds the assertions of a test file that judge a time (DESIGN 5: no test asserts a wall-clock or
// CPU bound; a busy machine must not turn a test red). A time is read from one of the process's
// own clocks (performance.now, Date.now, process.hrtime, process.cpuUsage, resourceUsage's CPU
// fields) or named as one (cpuMs, elapsedMs, wallMs); a variable set from an expression that holds
// a time is a time too, followed from variable to variable. An `expect(...)` statement that holds
// a time is a timed assertion. A fake clock's `now()` is not one of the process's clocks: time
// there moves only when the test moves it; nor is a reading made into a date (`new Date(...)`),
// which is data a test sends, not a duration it judges.

const SOURCES = [/\bperformance\s*\.\s*now\s*\(/, /\bDate\s*\.\s*now\s*\(/, /\bprocess\s*\.\s*hrtime\b/, /\bprocess\s*\.\s*cpuUsage\s*\(/, /\b(?:user|system)CPUTime\b/, /\b(?:cpuMs|elapsedMs|wallMs)\b/];

/** Lines without comments (strings kept: a comment marker inside one is rare in tests and only hides more). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The names a file sets from a time, directly or through other such names. */
function timedNames(code: string): Set<string> {
  const assignments = [...code.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?=\s*([^;\n]+)/g)].map((m) => ({ name: m[1]!, value: m[2]! }));
  const names = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const { name, value } of assignments) {
      if (!names.has(name) && holdsTime(value, names)) {
        names.add(name);
        grew = true;
      }
    }
  }
  return names;
}

function holdsTime(text: string, names: ReadonlySet<string>): boolean {
  const judged = withoutDates(text);
  if (SOURCES.some((source) => source.test(judged))) return true;
  for (const word of judged.match(/[A-Za-z_$][\w$]*/g) ?? []) if (names.has(word)) return true;
  return false;
}

/** The text with each `new Date(...)` left out, its parentheses matched. */
function withoutDates(text: string): string {
  let out = '';
  let at = 0;
  for (let start = text.indexOf('new Date(', at); start !== -1; start = text.indexOf('new Date(', at)) {
    out += text.slice(at, start);
    let depth = 0;
    let i = start + 'new Date'.length;
    for (; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) break;
    }
    at = i + 1;
  }
  return out + text.slice(at);
}

/** Each timed assertion of a file: its line number and statement. */
export function timedAssertions(text: string): { line: number; statement: string }[] {
  const code = withoutComments(text);
  const names = timedNames(code);
  const found: { line: number; statement: string }[] = [];
  for (const match of code.matchAll(/\bexpect(?:\.soft)?\s*\(/g)) {
    const start = match.index;
    const end = code.indexOf(';', start);
    const statement = code.slice(start, end === -1 ? undefined : end + 1);
    if (holdsTime(statement, names)) found.push({ line: code.slice(0, start).split('\n').length, statement: statement.replace(/\s+/g, ' ').slice(0, 160) });
  }
  return found;
}
