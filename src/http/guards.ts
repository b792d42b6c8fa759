import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config/config.js';
import { AppError } from '../toolkit/errors.js';
import { assertSafeJson } from '../toolkit/safe-json.js';
import { sendError } from './errors.js';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1'];

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Host names the server answers to: loopback, the bound host, and CONSTELLATION_ALLOWED_HOSTS. */
export function allowedHostnames(config: Config): Set<string> | 'any' {
  if (config.allowedHosts.includes('*')) return 'any';
  const hosts = new Set([...LOCAL_HOSTS, ...config.allowedHosts.map((h) => hostnameOf(h) ?? h.toLowerCase())]);
  if (config.host && config.host !== '0.0.0.0' && config.host !== '::') hosts.add(hostnameOf(config.host) ?? config.host);
  return hosts;
}

/**
 * DNS-rebinding protection: a request whose Host, or whose browser Origin, is not an allowed host is
 * refused with 403. Behind a proxy, list the public host names in CONSTELLATION_ALLOWED_HOSTS.
 * `Origin: null` (sandboxed frames, file: pages, some redirects) is refused unless
 * CONSTELLATION_ALLOWED_ORIGINS lists `null`.
 */
export function hostGuard(config: Config) {
  const hosts = allowedHostnames(config);
  const origins = new Set(config.allowedOrigins.map((o) => o.replace(/\/$/, '').toLowerCase()));
  return (req: Request, res: Response, next: NextFunction): void => {
    if (hosts !== 'any') {
      const host = hostnameOf(req.headers.host ?? '');
      if (!host || !hosts.has(host)) return sendError(res, new AppError('FORBIDDEN', `Host not allowed: ${req.headers.host ?? '(none)'}`));
    }
    const origin = req.headers.origin;
    if (origin === 'null') {
      if (!origins.has('null')) return sendError(res, new AppError('FORBIDDEN', 'Origin not allowed: null (list "null" in CONSTELLATION_ALLOWED_ORIGINS to allow it)'));
    } else if (origin && !origins.has(origin.toLowerCase())) {
      const originHost = hostnameOf(origin);
      if (!originHost || (hosts !== 'any' && !hosts.has(originHost))) return sendError(res, new AppError('FORBIDDEN', `Origin not allowed: ${origin}`));
    }
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
    if (req.path === '/health') return next();
    sendError(res, new AppError('FORBIDDEN', 'HTTPS is required in production: serve TLS (CONSTELLATION_TLS_CERT/KEY) or terminate it at a trusted proxy (CONSTELLATION_TRUST_PROXY)'));
  };
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
