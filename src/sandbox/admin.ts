// Admin routes for tests under /__sandbox/ — no auth, not rate limited, not logged:
//   GET  /__sandbox/requests   every /api request received (see RequestLogEntry)
//   GET  /__sandbox/stats      {requests, rejected, unauthorized, faulted, links, answering}
//   POST /__sandbox/reset      clears the request log, the counters and the rate-limit windows;
//                              with ?data=1 also puts the data back to the seeded state
//   GET  /__sandbox/faults     the fault setting in force
//   POST /__sandbox/faults     {mode | modes, count?, rate?, seed?, delayMs?} (mode null clears), see faults.ts
import type { IncomingMessage } from 'node:http';
import type { Faults } from './faults.js';
import { type BodyRead, jsonOut, type Outgoing } from './http-io.js';
import type { RateLimiter } from './rate-limit.js';
import type { RequestLog, SandboxStats } from './request-log.js';

export const ADMIN_PREFIX = '/__sandbox/';

export interface AdminDeps {
  log: RequestLog;
  faults: Faults;
  limiter: RateLimiter;
  stats(): SandboxStats;
  resetData(): void;
}

const json = (status: number, value: unknown) => jsonOut(status, JSON.stringify(value));

export function handleAdmin(deps: AdminDeps, req: IncomingMessage, url: URL, body: BodyRead): Outgoing {
  const route = `${req.method} ${url.pathname.slice(ADMIN_PREFIX.length).replace(/\/$/, '')}`;
  switch (route) {
    case 'GET requests':
      return json(200, deps.log.entries);
    case 'GET stats':
      return json(200, deps.stats());
    case 'POST reset':
      deps.log.reset();
      deps.limiter.clear();
      if (url.searchParams.get('data') === '1') deps.resetData();
      return json(200, { ok: true });
    case 'GET faults':
      return json(200, deps.faults.current());
    case 'POST faults': {
      if (body.kind !== 'ok') return json(413, { error: 'body too large' });
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.text || '{"mode":null}');
      } catch {
        return json(400, { error: 'malformed JSON' });
      }
      const problem = deps.faults.configure(parsed);
      return problem ? json(400, { error: problem }) : json(200, deps.faults.current());
    }
    default:
      return json(404, { error: `no admin route ${route}` });
  }
}
