// What emctl says about its own requests on stderr: the -v line of each try, and the note that the
// service asked it to slow down.

import type { ResponseLog, ThrottleEvent } from '../api/client-options.js';
import { redactText } from '../api/errors.js';

/** One -v line: `GET /api/v1/integrations 200 12ms`, with the try number on retries; never the key. */
export function requestLogLine(log: ResponseLog, apiKey: string): string {
  const retry = log.attempt > 1 ? ` (try ${log.attempt})` : '';
  return redactText(`${log.method} ${log.path} ${log.status} ${log.ms}ms${retry}\n`, apiKey);
}

/**
 * That the service asked emctl to slow down (429): the run goes on at the lower pace, which a reader
 * of a slow CI log should know (said once per run).
 */
export function throttleNote(event: ThrottleEvent): string {
  const pace = event.ratePerMinute >= 1 ? Math.round(event.ratePerMinute) : event.ratePerMinute.toFixed(2);
  return (
    `Note: the service asked emctl to slow down (HTTP 429 on ${event.route}); that route now goes at ${pace} calls a minute` +
    ` and the run goes on (a lower --rate-limit avoids this).\n`
  );
}
