import type { NextFunction, Request, Response } from 'express';

/** A failure the sandbox injects into matching requests, for tests of retries and partial results. */
export interface FaultSpec {
  /** Upstream prefix such as `/github`; any when omitted. */
  prefix?: string;
  method?: string;
  /** Matches the path after the prefix: a substring, or a regular expression source when `regex`. */
  path?: string;
  regex?: boolean;
  /** Status to answer with; omitted for latency-only faults. */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  latencyMs?: number;
  /** How many matching requests to affect (default: every one until cleared). */
  times?: number;
  /** Answer 401 as an expired token would (each upstream's own body). */
  expiredToken?: boolean;
}

interface ActiveFault extends FaultSpec {
  id: number;
  hits: number;
}

export interface RequestLogEntry {
  method: string;
  /** Full path including the upstream prefix. */
  path: string;
  at: number;
  status?: number;
}

/** Error bodies of each upstream for an expired or revoked token. */
const EXPIRED_TOKEN_BODIES: Record<string, unknown> = {
  '/github': { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' },
  '/jira': { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} },
  '/confluence': { statusCode: 401, message: 'Unauthorized; scope does not match' },
  '/notion': { object: 'error', status: 401, code: 'unauthorized', message: 'API token is invalid.' },
  '/google': { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } },
  '/slack': { ok: false, error: 'token_expired' },
  '/unify': { status_code: 401, error: 'Unauthorized', type_name: 'UnauthorizedError', message: 'Unauthorized Request' },
};

export class FaultInjector {
  private faults: ActiveFault[] = [];
  private nextId = 1;
  readonly log: RequestLogEntry[] = [];

  add(spec: FaultSpec): number {
    const id = this.nextId++;
    this.faults.push({ ...spec, id, hits: 0 });
    return id;
  }

  clear(id?: number): void {
    this.faults = id === undefined ? [] : this.faults.filter((f) => f.id !== id);
  }

  clearLog(): void {
    this.log.length = 0;
  }

  /** Requests received whose method and path match, for assertions such as "a create was sent once". */
  count(method: string, pathIncludes: string): number {
    return this.log.filter((r) => r.method === method && r.path.includes(pathIncludes)).length;
  }

  private match(req: Request): ActiveFault | undefined {
    return this.faults.find((fault) => {
      if (fault.times !== undefined && fault.hits >= fault.times) return false;
      if (fault.method && fault.method.toUpperCase() !== req.method) return false;
      if (fault.prefix && !req.path.startsWith(fault.prefix)) return false;
      if (fault.path) {
        const rest = fault.prefix ? req.path.slice(fault.prefix.length) : req.path;
        if (fault.regex ? !new RegExp(fault.path).test(rest) : !rest.includes(fault.path)) return false;
      }
      return true;
    });
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const entry: RequestLogEntry = { method: req.method, path: req.path, at: Date.now() };
      if (!req.path.startsWith('/_sandbox')) this.log.push(entry);
      res.on('finish', () => (entry.status = res.statusCode));
      const fault = this.match(req);
      if (!fault) return next();
      fault.hits++;
      const respond = (): void => {
        if (fault.status === undefined && !fault.expiredToken) return next();
        const prefix = '/' + (req.path.split('/')[1] ?? '');
        for (const [name, value] of Object.entries(fault.headers ?? {})) res.setHeader(name, value);
        if (fault.retryAfter !== undefined) res.setHeader('Retry-After', String(fault.retryAfter));
        const status = fault.expiredToken ? 401 : (fault.status as number);
        const body = fault.body ?? (fault.expiredToken ? EXPIRED_TOKEN_BODIES[prefix] : defaultFaultBody(prefix, status));
        res.status(status).json(body);
      };
      if (fault.latencyMs) setTimeout(respond, fault.latencyMs);
      else respond();
    };
  }
}

function defaultFaultBody(prefix: string, status: number): unknown {
  if (prefix === '/slack') return { ok: false, error: status === 429 ? 'ratelimited' : 'internal_error' };
  if (prefix === '/github') {
    return status === 429 || status === 403
      ? { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' }
      : { message: 'Server Error' };
  }
  return { message: `Injected fault ${status}` };
}
