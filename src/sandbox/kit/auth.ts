import type { NextFunction, Request, Response } from 'express';
import type { WorkspaceId } from '../credentials.js';
import { unauthorized, type FakeError } from './errors.js';

/** Reads one kind of credential from a request; undefined when the request presents none. */
type CredentialScheme<C> = (req: Request) => C | undefined;

/** `Authorization: Bearer <token>` (and any other prefixes given, e.g. GitHub's `token`). */
export function bearerToken(prefixes: readonly string[] = ['bearer']): CredentialScheme<string> {
  const pattern = new RegExp(`^(?:${prefixes.map((p) => p.replace(/[^a-z]/gi, '')).join('|')})\\s+(\\S+)$`, 'i');
  return (req) => req.get('authorization')?.match(pattern)?.[1];
}

/** `Authorization: Basic base64(user:password)`, as Atlassian takes an email and an API token. */
export function basicCredentials(): CredentialScheme<{ user: string; password: string }> {
  return (req) => {
    const encoded = req.get('authorization')?.match(/^basic\s+([A-Za-z0-9+/=]+)$/i)?.[1];
    if (!encoded) return undefined;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  };
}

/**
 * Named values from headers, e.g. Apideck's `{apiKey: 'authorization', appId: 'x-apideck-app-id'}`. A value
 * in `Authorization` loses its `Bearer ` prefix. Undefined unless every header is present.
 */
export function apiKeyHeaders<K extends string>(headers: Record<K, string>): CredentialScheme<Record<K, string>> {
  return (req) => {
    const values = {} as Record<K, string>;
    for (const [name, header] of Object.entries(headers) as [K, string][]) {
      const raw = req.get(header)?.trim();
      if (!raw) return undefined;
      values[name] = header.toLowerCase() === 'authorization' ? raw.replace(/^bearer\s+/i, '') : raw;
    }
    return values;
  };
}

interface WorkspaceAuthOptions<C> {
  scheme: CredentialScheme<C>;
  /** The workspace a presented credential belongs to (see `workspaceOf*` in credentials.ts). */
  workspaceOf(credential: C): WorkspaceId | undefined;
  /** The refusal; defaults to the upstream's own 401 (rendered by the fake's error handler). */
  refusal?: FakeError;
  /** Runs before a refusal is sent, e.g. to set the headers an anonymous caller gets. */
  onRefused?(req: Request, res: Response): void;
}

const WORKSPACE = 'sandboxWorkspace';

/** Resolves the caller's workspace from its credential, or passes the upstream's 401 to the error handler. */
export function workspaceAuth<C>(options: WorkspaceAuthOptions<C>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const credential = options.scheme(req);
    const workspace = credential === undefined ? undefined : options.workspaceOf(credential);
    if (!workspace) {
      options.onRefused?.(req, res);
      return next(options.refusal ?? unauthorized());
    }
    res.locals[WORKSPACE] = workspace;
    next();
  };
}

/** The workspace `workspaceAuth` resolved for this request. */
export function workspaceOf(res: Response): WorkspaceId {
  const workspace = res.locals[WORKSPACE] as WorkspaceId | undefined;
  if (!workspace) throw new Error('workspaceOf() called on a route mounted before workspaceAuth()');
  return workspace;
}
