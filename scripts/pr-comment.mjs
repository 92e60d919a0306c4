#!/usr/bin/env node
// Keeps ONE emctl note on a pull request (GitHub) or merge request (GitLab), or one drift issue,
// for the CI examples and the GitHub Action (action.yml). No dependencies: Node's fetch.
//
//   node scripts/pr-comment.mjs comment --platform github|gitlab --body-file FILE [--marker M] [--author LOGIN]
//   node scripts/pr-comment.mjs issue   --platform github|gitlab --body-file FILE --state open|closed
//                                       [--label L] [--title T] [--author LOGIN]
//
// A note is ours when it carries the marker AND was written by the token's own author; any other
// comment quoting the marker is left alone. The author, on GitHub: a personal access token reads
// its user from GET /user. An installation token (the Actions GITHUB_TOKEN, or a GitHub App's
// token) is refused /user and cannot read GET /app either (that needs the App's JWT), but the
// GraphQL `viewer` answers for both kinds: `github-actions[bot]`, `<app-slug>[bot]`. Only when
// GraphQL cannot be reached is the Actions bot assumed, with a warning; --author overrides all.
// On GitLab, GET /user answers for personal, project and group tokens (their bot is a user).
// Lists are read 100 per page, following every page. A token that may not write (a pull request
// from a fork gets a read-only token) is not an error: the note goes to the job summary
// ($GITHUB_STEP_SUMMARY) and the step succeeds, saying so.
//
// Environment, as the platforms set it:
//   GitHub: GITHUB_API_URL, GITHUB_GRAPHQL_URL, GITHUB_REPOSITORY, GITHUB_TOKEN; PR_NUMBER for comments
//   GitLab: CI_API_V4_URL, CI_PROJECT_ID, GITLAB_TOKEN; CI_MERGE_REQUEST_IID for comments

import { appendFileSync, readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const DEFAULT_MARKER = '<!-- emctl-plan -->';
const GITHUB_ACTIONS_BOT = 'github-actions[bot]';

export function parseArgs(argv) {
  const [mode, ...rest] = argv;
  if (mode !== 'comment' && mode !== 'issue') throw new Error('usage: pr-comment.mjs comment|issue --platform github|gitlab --body-file FILE ...');
  const opts = { mode, marker: DEFAULT_MARKER, label: 'emctl-drift', title: 'Engineering Metrics settings drifted from the config' };
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i];
    const value = rest[i + 1];
    if (!key?.startsWith('--') || value === undefined) throw new Error(`expected --option value, got ${key ?? 'nothing'}`);
    opts[key.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = value;
  }
  if (opts.platform !== 'github' && opts.platform !== 'gitlab') throw new Error('--platform must be github or gitlab');
  if (opts.mode === 'issue' && opts.state !== 'open' && opts.state !== 'closed') throw new Error('--state must be open or closed');
  return opts;
}

class HttpError extends Error {
  constructor(method, url, status, text) {
    super(`${method} ${url} answered ${status}: ${text.slice(0, 200)}`);
    this.status = status;
  }
}

/** The platform's REST API: base URL, auth header, and paging. */
function platformApi(opts, env) {
  const github = opts.platform === 'github';
  const base = (github ? env.GITHUB_API_URL || 'https://api.github.com' : env.CI_API_V4_URL || '').replace(/\/+$/, '');
  const token = github ? env.GITHUB_TOKEN : env.GITLAB_TOKEN;
  if (!base) throw new Error('CI_API_V4_URL is not set');
  if (!token) throw new Error(`${github ? 'GITHUB_TOKEN' : 'GITLAB_TOKEN'} is not set`);
  const headers = github
    ? { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' }
    : { 'private-token': token };
  async function call(method, path, body) {
    const url = path.startsWith('http') ? path : `${base}${path}`;
    const response = await fetch(url, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new HttpError(method, url.replace(base, ''), response.status, text);
    return { data: text === '' ? null : JSON.parse(text), headers: response.headers };
  }
  /** Every item of a list, 100 per page, following the next-page link (GitHub) or header (GitLab). */
  async function all(path) {
    const items = [];
    let next = `${path}${path.includes('?') ? '&' : '?'}per_page=100`;
    while (next) {
      const { data, headers: h } = await call('GET', next);
      items.push(...data);
      const link = /<([^>]+)>;\s*rel="next"/.exec(h.get('link') ?? '');
      const page = h.get('x-next-page');
      next = link ? link[1] : page ? `${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}` : undefined;
    }
    return items;
  }
  return { github, call, all };
}

/**
 * GitHub's GraphQL endpoint: GITHUB_GRAPHQL_URL as Actions sets it; otherwise next to the REST
 * base (https://api.github.com -> /graphql; Enterprise Server https://HOST/api/v3 -> /api/graphql).
 */
export function graphqlUrl(env) {
  if (env.GITHUB_GRAPHQL_URL) return env.GITHUB_GRAPHQL_URL;
  const base = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  return /\/api\/v3$/.test(base) ? base.replace(/\/v3$/, '/graphql') : `${base}/graphql`;
}

/** A bot's REST login carries "[bot]"; GraphQL may name the same actor with or without it. */
function asBotLogin(login) {
  return /\[bot\]$/i.test(login) ? login : `${login}[bot]`;
}

/**
 * Who the token writes as. GitHub: { login } as REST prints comment authors (user.login);
 * GitLab: { id }, or { login } when given by --author.
 */
export async function ownAuthor(api, opts, env, warn = (line) => console.error(line)) {
  if (opts.author) return { login: opts.author };
  let refused;
  try {
    const { data } = await api.call('GET', '/user');
    return api.github ? { login: data.login } : { id: data.id };
  } catch (error) {
    // Only GitHub's installation tokens are refused /user (403); anything else, a bad token's 401
    // included, is a real failure.
    if (!api.github || !(error instanceof HttpError) || error.status !== 403) throw error;
    refused = error;
  }
  try {
    const { data } = await api.call('POST', graphqlUrl(env), { query: 'query { viewer { login } }' });
    const login = data?.data?.viewer?.login;
    if (typeof login !== 'string' || login === '') throw new Error(`no viewer in the answer${data?.errors ? `: ${JSON.stringify(data.errors).slice(0, 200)}` : ''}`);
    // /user refused this token, so it is an installation token: its comments are by a bot.
    return { login: asBotLogin(login) };
  } catch (error) {
    warn(
      `pr-comment: cannot tell who this token writes as (GET /user: ${refused.status}; GraphQL viewer: ${error.message}); ` +
        `assuming ${GITHUB_ACTIONS_BOT}, the Actions token's bot. With a GitHub App token pass --author <app-slug>[bot].`,
    );
    return { login: GITHUB_ACTIONS_BOT };
  }
}

/** GitHub logins are case-insensitive; GitLab ids are numbers, usernames as given. */
function writtenBy(item, author, github) {
  if (github) return typeof item.user?.login === 'string' && item.user.login.toLowerCase() === author.login.toLowerCase();
  return author.id !== undefined ? item.author?.id === author.id : item.author?.username === author.login;
}

function required(env, name) {
  if (!env[name]) throw new Error(`${name} is not set`);
  return env[name];
}

/** Creates or updates the one note; returns what was done. */
export async function upsertComment(opts, env, body) {
  const api = platformApi(opts, env);
  const author = await ownAuthor(api, opts, env);
  const list = api.github
    ? `/repos/${required(env, 'GITHUB_REPOSITORY')}/issues/${required(env, 'PR_NUMBER')}/comments`
    : `/projects/${encodeURIComponent(required(env, 'CI_PROJECT_ID'))}/merge_requests/${required(env, 'CI_MERGE_REQUEST_IID')}/notes`;
  const ours = (await api.all(list)).find((c) => typeof c.body === 'string' && c.body.includes(opts.marker) && writtenBy(c, author, api.github));
  if (ours) {
    const path = api.github ? `/repos/${env.GITHUB_REPOSITORY}/issues/comments/${ours.id}` : `${list}/${ours.id}`;
    await api.call(api.github ? 'PATCH' : 'PUT', path, { body });
    return { action: 'updated', id: ours.id };
  }
  const { data } = await api.call('POST', list, { body });
  return { action: 'created', id: data.id };
}

/** Opens, updates or closes the one drift issue (labelled, by the token's author). */
export async function syncIssue(opts, env, body) {
  const api = platformApi(opts, env);
  const author = await ownAuthor(api, opts, env);
  const base = api.github ? `/repos/${required(env, 'GITHUB_REPOSITORY')}/issues` : `/projects/${encodeURIComponent(required(env, 'CI_PROJECT_ID'))}/issues`;
  const label = encodeURIComponent(opts.label);
  const open = (await api.all(api.github ? `${base}?labels=${label}&state=open` : `${base}?labels=${label}&state=opened`)).find(
    (i) => !i.pull_request && writtenBy(i, author, api.github),
  );
  const number = open ? (api.github ? open.number : open.iid) : undefined;
  if (opts.state === 'closed') {
    if (number === undefined) return { action: 'none' };
    await api.call(api.github ? 'PATCH' : 'PUT', `${base}/${number}`, api.github ? { state: 'closed', body } : { state_event: 'close', description: body });
    return { action: 'closed', id: number };
  }
  if (number !== undefined) {
    await api.call(api.github ? 'PATCH' : 'PUT', `${base}/${number}`, api.github ? { body } : { description: body });
    return { action: 'updated', id: number };
  }
  const { data } = await api.call(
    'POST',
    base,
    api.github ? { title: opts.title, body, labels: [opts.label] } : { title: opts.title, description: body, labels: opts.label },
  );
  return { action: 'created', id: api.github ? data.number : data.iid };
}

export async function main(argv, env) {
  const opts = parseArgs(argv);
  if (!opts.bodyFile) throw new Error('--body-file is required');
  const body = readFileSync(opts.bodyFile, 'utf8');
  try {
    const result = opts.mode === 'comment' ? await upsertComment(opts, env, body) : await syncIssue(opts, env, body);
    console.log(`emctl ${opts.mode}: ${result.action}${result.id === undefined ? '' : ` ${result.id}`}`);
    return 0;
  } catch (error) {
    if (error instanceof HttpError && (error.status === 403 || error.status === 404) && env.GITHUB_STEP_SUMMARY) {
      // A read-only token (pull requests from forks): the note goes to the run's summary page.
      appendFileSync(env.GITHUB_STEP_SUMMARY, `${body}\n`);
      console.log(`emctl ${opts.mode}: the token may not write here (${error.message}); the note is in the job summary instead`);
      return 0;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`pr-comment: ${error.message}`);
      process.exit(1);
    },
  );
}
