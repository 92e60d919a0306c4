// What the request log keeps of an exchange (DESIGN 4: bounded memory whatever the server is
// sent): the method, the path and query as received, the status and the time, and the body only
// of a write the emulator accepted (answered 2xx, a partly applied 200 with `rejected` items
// included), never of a refused one (bad key, too large, rate limited, an injected fault, invalid
// 4xx, a failed save), which would let anyone fill the log with what was never applied. The log
// is capped in bytes (store.ts), and a body nested too deep to serialise again is not kept, so no
// request can break GET /_emulator/requests.

/** Bodies nested deeper than this are answered but not kept in the request log. */
const MAX_LOGGED_DEPTH = 64;

/** What a log entry costs without its body: the path and query as received, plus the fields. */
export function logSize(url: URL): number {
  return 100 + url.pathname.length + url.search.length;
}

export function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/**
 * What the request log keeps of a body: the parsed JSON of a write (not GET), parsed on its own so
 * a handler that reworks its input cannot change what the log says was received. No entry for a
 * read, an empty body or one that is not JSON (the answer says why).
 */
export function loggedBody(method: string, raw: string | undefined): { body?: unknown } {
  if (method === 'GET' || raw === undefined || raw.trim() === '' || jsonDepth(raw) > MAX_LOGGED_DEPTH) return {};
  try {
    return { body: JSON.parse(raw) as unknown };
  } catch {
    return {};
  }
}

/** How deep brackets nest in a JSON text (strings skipped): one linear pass, no recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let most = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) most = Math.max(most, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return most;
}
