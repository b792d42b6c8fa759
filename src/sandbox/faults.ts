import type { NextFunction, Request, Response } from 'express';
import { conventionOf } from './kit/conventions.js';

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
  /** Answer as an expired token would: each upstream's own status (401, Slack 200) and body. */
  expiredToken?: boolean;
}

interface ActiveFault extends FaultSpec {
  id: number;
  hits: number;
}

interface RequestLogEntry {
  method: string;
  /** Full path including the upstream prefix. */
  path: string;
  at: number;
  status?: number;
}

export class FaultInjector {
  private faults: ActiveFault[] = [];
  private nextId = 1;
  private awaited: Array<{ path: string; arrived: () => void }> = [];
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

  /** Resolves once a request to `path` (prefix included) has been received: at once if one was. */
  requested(path: string): Promise<void> {
    if (this.log.some((r) => r.path === path)) return Promise.resolve();
    return new Promise((arrived) => this.awaited.push({ path, arrived }));
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
      if (!req.path.startsWith('/_sandbox')) {
        this.log.push(entry);
        for (const waiter of this.awaited.filter((w) => w.path === req.path)) waiter.arrived();
        this.awaited = this.awaited.filter((w) => w.path !== req.path);
      }
      res.on('finish', () => (entry.status = res.statusCode));
      const fault = this.match(req);
      if (!fault) return next();
      fault.hits++;
      const respond = (): void => {
        if (fault.status === undefined && !fault.expiredToken) return next();
        for (const [name, value] of Object.entries(fault.headers ?? {})) res.setHeader(name, value);
        const answer = injectedAnswer(req.path, fault);
        const retryAfter = fault.retryAfter ?? answer.retryAfter;
        if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
        res.status(answer.status).json(fault.body ?? answer.body);
      };
      if (!fault.latencyMs) return respond();
      // A client that goes away (or the sandbox closing its connections) ends the wait: no timer outlives it.
      const delayed = setTimeout(respond, fault.latencyMs);
      res.on('close', () => clearTimeout(delayed));
    };
  }
}

/**
 * What an injected fault answers when the test gives no body: the upstream's own error for that status
 * (or for an expired token), and the `Retry-After` its 429s always carry.
 */
function injectedAnswer(path: string, fault: FaultSpec): { status: number; body: unknown; retryAfter?: number } {
  const convention = conventionOf(path);
  if (!convention) {
    const status = fault.expiredToken ? 401 : (fault.status as number);
    return { status, body: { message: fault.expiredToken ? 'Unauthorized' : `Injected fault ${status}` } };
  }
  if (fault.expiredToken) return convention.errors.render(convention.errors.expired);
  const status = fault.status as number;
  const retryAfter = status === 429 && convention.rateHeaders.sendsRetryAfter ? 1 : undefined;
  return { status, body: convention.errors.render(convention.errors.injected(status)).body, retryAfter };
}
