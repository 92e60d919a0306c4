#!/usr/bin/env node
// Writes emctl's teams.yaml from an HR system's export of people: one row per person with the team
// they are on and that team's parent team (an empty parent: a team at the top). Every team named
// in `team` or `parent_team` is written, with its parent and its exact member set; the optional
// scopes file (JSON: team name -> { pm, git }) is copied into the teams it names, since a team's
// scopes and its members are one entry of the config. Dependency-free (Node 20), deterministic (the
// same input gives the same bytes: teams and members sorted by code point), and every string
// quoted, so no name or email can turn into something else in YAML. Bad input: every problem, each
// with the file and line it is on, on stderr; exit 1 and nothing written.
//
//   node hr-to-teams.mjs --people people.csv [--scopes scopes.json] --out emctl/teams.yaml

import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

const COLUMNS = ['email', 'name', 'team', 'parent_team'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The service's rule for a team name: 3-100 characters, the first a letter. */
function nameProblem(name) {
  const length = [...name].length;
  if (length < 3 || length > 100) return `a team name has 3-100 characters ("${name}" has ${length})`;
  if (!/^\p{L}/u.test(name)) return `a team name starts with a letter ("${name}")`;
  return undefined;
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. Rows keep their first line number. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push({ line: rowLine, fields: row });
      row = [];
      field = '';
      line++;
      rowLine = line;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push({ line: rowLine, fields: [...row, field] });
  return rows.filter((r) => r.fields.some((f) => f.trim() !== ''));
}

/** The teams of a people export, or every problem found in it. */
function teamsFromPeople(text, file) {
  const problems = [];
  const at = (line, message) => problems.push({ line, text: `${file}:${line}: ${message}` });
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  if (rows.length === 0) return { problems: [`${file}: empty: the first line names the columns (${COLUMNS.join(',')})`] };
  const header = rows[0].fields.map((h) => h.trim().toLowerCase());
  const missing = COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) return { problems: [`${file}:${rows[0].line}: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (the columns: ${COLUMNS.join(',')})`] };
  const col = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)]));

  /** team name -> { name, parent, parentLine, members: Map<lower email, email>, line } */
  const teams = new Map();
  const seen = new Map(); // lower email -> line
  const teamOf = (name, line) => {
    const key = name.toLowerCase();
    let team = teams.get(key);
    if (!team) {
      team = { name, parent: undefined, parentLine: 0, members: new Map(), line };
      teams.set(key, team);
    } else if (team.name !== name) at(line, `team "${name}" is spelled "${team.name}" on line ${team.line}: the service compares names case-insensitively`);
    return team;
  };
  for (const { line, fields } of rows.slice(1)) {
    if (fields.length !== header.length) {
      at(line, `${fields.length} fields where the header has ${header.length}`);
      continue;
    }
    const value = (c) => fields[col[c]].trim();
    const email = value('email');
    const teamName = value('team');
    const parent = value('parent_team');
    const rowProblems = [];
    if (!EMAIL.test(email)) rowProblems.push(`"${email}" is not an email`);
    else if (seen.has(email.toLowerCase())) rowProblems.push(`${email} is already on line ${seen.get(email.toLowerCase())}: a person is on one team in this export`);
    for (const name of [teamName, parent]) {
      const problem = name === '' ? undefined : nameProblem(name);
      if (problem) rowProblems.push(problem);
    }
    if (teamName === '') rowProblems.push('no team');
    if (teamName !== '' && teamName.toLowerCase() === parent.toLowerCase()) rowProblems.push(`team "${teamName}" is its own parent`);
    for (const problem of rowProblems) at(line, problem);
    if (rowProblems.length > 0) continue;
    seen.set(email.toLowerCase(), line);
    const team = teamOf(teamName, line);
    team.members.set(email.toLowerCase(), email);
    const wanted = parent === '' ? null : parent;
    if (team.parent === undefined) {
      team.parent = wanted;
      team.parentLine = line;
    } else if ((team.parent ?? '').toLowerCase() !== (wanted ?? '').toLowerCase()) {
      at(line, `team "${teamName}" has parent ${wanted === null ? 'none' : `"${wanted}"`} here and ${team.parent === null ? 'none' : `"${team.parent}"`} on line ${team.parentLine}`);
    }
    if (wanted !== null) teamOf(wanted, line);
  }
  // A parent named only as a parent is a group (a department) with no members of its own, at the top.
  for (const team of teams.values()) if (team.parent === undefined) team.parent = null;
  // A cycle (A under B under A) would be refused by the service: report it here, once per cycle.
  // Each team is walked once: `state` says whether it is on the walk now or already cleared.
  const state = new Map();
  for (const start of teams.values()) {
    const path = [];
    let t = start;
    while (t && !state.has(t)) {
      state.set(t, 'walking');
      path.push(t);
      t = t.parent === null ? undefined : teams.get(t.parent.toLowerCase());
    }
    if (t && state.get(t) === 'walking') {
      const cycle = path.slice(path.indexOf(t));
      at(cycle[0].parentLine, `teams ${cycle.map((c) => `"${c.name}"`).join(' -> ')} -> "${t.name}" form a cycle`);
    }
    for (const p of path) state.set(p, 'cleared');
  }
  // In line order, as someone fixing the file reads it (a cycle is found after the rows are read).
  const sorted = problems.sort((a, b) => a.line - b.line).map((p) => p.text);
  return sorted.length > 0 ? { problems: sorted } : { teams: [...teams.values()] };
}

/** Scopes to copy, by team name: { "Payments": { "pm": {...}, "git": {...} } }. */
function readScopes(file, teams) {
  if (file === undefined) return { scopes: new Map() };
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { problems: [`${file}: ${error.message}`] };
  }
  const problems = [];
  const names = new Map(teams.map((t) => [t.name.toLowerCase(), t.name]));
  const scopes = new Map();
  for (const [name, scope] of Object.entries(data ?? {})) {
    if (!names.has(name.toLowerCase())) problems.push(`${file}: "${name}" is a team the people file does not name`);
    else if (scope === null || typeof scope !== 'object' || Object.keys(scope).some((k) => k !== 'pm' && k !== 'git')) problems.push(`${file}: "${name}" holds something other than pm and git`);
    else scopes.set(names.get(name.toLowerCase()), scope);
  }
  return problems.length > 0 ? { problems } : { scopes };
}

// JSON strings are YAML double-quoted scalars, and JSON values YAML flow values: quoting by construction.
const q = (value) => JSON.stringify(value);
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function teamsYaml(teams, scopes, source) {
  const lines = [
    `# Written by hr-to-teams.mjs from ${source}: edit the HR export and run the script again, not this file.`,
    'version: 1',
    'teams:',
  ];
  for (const team of [...teams].sort((a, b) => byCodePoint(a.name, b.name))) {
    lines.push(`  ${q(team.name)}:`, `    parent: ${team.parent === null ? 'null' : q(team.parent)}`);
    const members = [...team.members.values()].sort((a, b) => byCodePoint(a.toLowerCase(), b.toLowerCase()));
    if (members.length === 0) lines.push('    members: []');
    else lines.push('    members:', ...members.map((m) => `      - ${q(m)}`));
    const scope = scopes.get(team.name) ?? {};
    for (const key of ['pm', 'git']) if (scope[key] !== undefined) lines.push(`    ${key}: ${q(scope[key])}`);
  }
  return `${lines.join('\n')}\n`;
}

function main() {
  const { values } = parseArgs({ options: { people: { type: 'string' }, scopes: { type: 'string' }, out: { type: 'string' } } });
  if (values.people === undefined || values.out === undefined) {
    process.stderr.write('usage: node hr-to-teams.mjs --people people.csv [--scopes scopes.json] --out emctl/teams.yaml\n');
    return 1;
  }
  const people = teamsFromPeople(readFileSync(values.people, 'utf8'), values.people);
  const scopes = people.teams ? readScopes(values.scopes, people.teams) : { problems: [] };
  const problems = [...(people.problems ?? []), ...(scopes.problems ?? [])];
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\n${problems.length} problem${problems.length > 1 ? 's' : ''}; ${values.out} not written.\n`);
    return 1;
  }
  // Through a temporary file and a rename: a reader never sees half a file.
  const temporary = `${values.out}.${process.pid}.tmp`;
  writeFileSync(temporary, teamsYaml(people.teams, scopes.scopes, basename(values.people)));
  renameSync(temporary, values.out);
  const members = people.teams.reduce((n, t) => n + t.members.size, 0);
  process.stderr.write(`Wrote ${values.out}: ${people.teams.length} teams, ${members} members.\n`);
  return 0;
}

process.exitCode = main();
