// The ~/.pgpass lookup (libpq's format: `hostname:port:database:username:password`, `*` matching
// anything, `\:` and `\\` escaped, the first matching line wins; PGPASSFILE names another file; a
// file others may read is ignored, as libpq does). pg 8 can do this itself but warns that it
// will stop in pg 9, so emctl reads the file and gives pg the password.

import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface PgpassKey {
  host: string;
  port: string;
  database: string;
  user: string;
}

function fields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (c === '\\' && i + 1 < line.length) {
      field += line[i + 1];
      i += 1;
    } else if (c === ':' && out.length < 4) {
      out.push(field);
      field = '';
    } else {
      field += c;
    }
  }
  out.push(field);
  return out;
}

/** The password of the first line matching `key`, if any (pure). */
export function pgpassPassword(text: string, key: PgpassKey): string | undefined {
  const wanted = [key.host, key.port, key.database, key.user];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    const f = fields(raw);
    if (f.length !== 5) continue;
    if (wanted.every((w, i) => f[i] === '*' || f[i] === w)) return f[4];
  }
  return undefined;
}

/** The fields of a postgres:// URL that a .pgpass line is matched on, with libpq's defaults. */
export function pgpassKey(url: string, env: Record<string, string | undefined>): PgpassKey {
  const u = new URL(url);
  const user = decodeURIComponent(u.username) || env.PGUSER || env.USER || '';
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || env.PGDATABASE || user;
  return { host: decodeURIComponent(u.hostname.replace(/^\[|\]$/g, '')) || 'localhost', port: u.port || '5432', database, user };
}

export async function pgpassLookup(url: string, env: Record<string, string | undefined>): Promise<string | undefined> {
  const file = env.PGPASSFILE ?? join(env.HOME ?? homedir(), '.pgpass');
  try {
    const info = await stat(file);
    if (!info.isFile() || (process.platform !== 'win32' && (info.mode & 0o077) !== 0)) return undefined;
    return pgpassPassword(await readFile(file, 'utf8'), pgpassKey(url, env));
  } catch {
    return undefined;
  }
}
