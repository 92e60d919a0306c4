// How emctl calls the service unless told otherwise: the command line's defaults, the client's and
// the state reader's are these, so a change of pace is made in one place.

/** Calls per minute per route: the service's own limit (api-notes: 60 per endpoint, per key). */
export const DEFAULT_RATE_LIMIT = 60;

/** Requests in flight at once (--concurrency), and reads of one route handed to the client at once. */
export const DEFAULT_CONCURRENCY = 8;

/** How long a route may answer nothing but 429 before the run gives up (--max-throttle-wait): 10 minutes. */
export const DEFAULT_MAX_THROTTLE_WAIT_MS = 10 * 60_000;
