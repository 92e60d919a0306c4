// The service's rules for a team's properties (api-notes.md, "Managing teams"): what its create and
// update routes accept. One definition, for the emulator's checks and emctl's offline `validate`.

/** A team name: 3-100 characters, the first a letter. */
export const TEAM_NAME_MIN = 3;
export const TEAM_NAME_MAX = 100;
/** Initials: 1-3 characters. */
export const TEAM_INITIALS_MAX = 3;
/** The colour a team gets when its create request names none. */
export const TEAM_DEFAULT_COLOR = '#348B83';

const FIRST_LETTER = /^\p{L}/u;
const COLOR = /^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/;

/** Why `name` is not a valid team name, or undefined when it is. */
export function teamNameProblem(name: string): string | undefined {
  const length = [...name].length;
  if (length < TEAM_NAME_MIN || length > TEAM_NAME_MAX) return `a team name has ${TEAM_NAME_MIN}-${TEAM_NAME_MAX} characters (this one has ${length})`;
  if (!FIRST_LETTER.test(name)) return 'a team name starts with a letter';
  return undefined;
}

/** Why `initials` are not valid team initials, or undefined when they are. */
export function teamInitialsProblem(initials: string): string | undefined {
  const length = [...initials].length;
  if (length < 1 || length > TEAM_INITIALS_MAX) return `team initials have 1-${TEAM_INITIALS_MAX} characters (these have ${length})`;
  return undefined;
}

/** Why `color` is not a valid team colour, or undefined when it is. */
export function teamColorProblem(color: string): string | undefined {
  return COLOR.test(color) ? undefined : 'a team colour is #RGB or #RRGGBB (hexadecimal digits)';
}

/** The key names compare by: the service's search, and its uniqueness check, ignore case. */
export function teamNameKey(name: string): string {
  return name.toLowerCase();
}
