import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config/config.js';
import { AppError } from '../toolkit/errors.js';
import { assertSafeJson } from '../toolkit/safe-json.js';
import { sendError } from './errors.js';
import { hostPolicy } from '../config/host-policy.js';

/**
 * DNS-rebinding protection: a request whose Host, or whose browser Origin, is not an allowed host is
 * refused with 403. Behind a proxy, list the public host names in CONSTELLATION_ALLOWED_HOSTS.
 * `Origin: null` (sandboxed frames, file: pages, some redirects) is refused unless
 * CONSTELLATION_ALLOWED_ORIGINS lists `null`.
 */
export function hostGuard(config: Config) {
  const refusal = hostPolicy({
    allowedHosts: config.allowedHosts,
    allowedOrigins: config.allowedOrigins,
    host: config.host,
    originsSetting: 'CONSTELLATION_ALLOWED_ORIGINS',
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    const refused = refusal({ host: req.headers.host, origin: req.headers.origin });
    if (refused) return sendError(res, new AppError('FORBIDDEN', refused));
    next();
  };
}

/**
 * Production requires HTTPS: plain HTTP is refused unless the server serves TLS itself or a trusted
 * proxy (CONSTELLATION_TRUST_PROXY) terminated TLS and says so in X-Forwarded-Proto.
 */
export function tlsGuard(config: Config) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (config.environment !== 'production' || req.secure) return next();
    // A balancer's probes stay plain HTTP on the internal network.
    if (req.path === '/health' || req.path === '/ready') return next();
    sendError(res, new AppError('FORBIDDEN', plainHttpRefusal(config.trustProxy, req.headers['x-forwarded-proto'])));
  };
}

/**
 * Why a plain-HTTP request is refused, naming what is missing: with a trusted proxy configured the
 * setting is there, so the fix is the header the proxy sends (or the address it sends it from).
 */
function plainHttpRefusal(trustProxy: string | undefined, forwardedProto: string | string[] | undefined): string {
  if (!trustProxy) {
    return 'HTTPS is required in production: serve TLS (CONSTELLATION_TLS_CERT/KEY) or terminate it at a trusted proxy (CONSTELLATION_TRUST_PROXY)';
  }
  const seen =
    forwardedProto === undefined
      ? 'without an X-Forwarded-Proto header'
      : `with X-Forwarded-Proto: ${String(forwardedProto)}`;
  return (
    `HTTPS is required in production: this request came ${seen}. The proxy that terminates TLS must send X-Forwarded-Proto: https, ` +
    `from an address CONSTELLATION_TRUST_PROXY (${trustProxy}) trusts`
  );
}

/**
 * Parsed JSON bodies are checked before any route copies them: prototype keys and excessive nesting
 * are a 400 (see `assertSafeJson`), so no handler ever holds a body that could pollute a prototype or
 * exhaust the stack. The MCP endpoint checks its own body and answers in JSON-RPC.
 */
export function safeJsonBody(req: Request, _res: Response, next: NextFunction): void {
  try {
    if (req.body !== undefined) assertSafeJson(req.body, 'body');
    next();
  } catch (error) {
    next(error);
  }
}
