import express, { type RequestHandler, type Router } from 'express';
import type { ErrorShape } from './error-shape.js';
import { fakeErrorHandler, unmatchedRoute } from './error-handler.js';

interface FakeRouterOptions {
  /** The upstream's error convention; every error of the router is rendered in it. */
  errors: ErrorShape;
  /** Headers every answer carries, set before authentication (so refusals carry them too). */
  headers?: RequestHandler;
  /**
   * Routes served before authentication, with form and JSON bodies parsed: an upstream's OAuth endpoints
   * (consent page, token exchange, revocation), which identify the caller by client id or code instead.
   */
  publicRoutes?(router: Router): void;
  /** Usually `workspaceAuth(...)`. */
  auth: RequestHandler;
  /** Usually `workspaceRateLimit(...)`; runs after auth. */
  rateLimit?: RequestHandler;
  /** Limit of JSON bodies (default 1mb). */
  jsonLimit?: string;
  /** Registers the fake's domain routes. */
  routes(router: Router): void;
}

/** The wiring every fake shares: headers, auth, rate limit, JSON bodies, routes, the upstream's 404 and error bodies. */
export function fakeRouter(options: FakeRouterOptions): Router {
  const router = express.Router();
  if (options.headers) router.use(options.headers);
  if (options.publicRoutes) {
    const open = express.Router();
    open.use(express.urlencoded({ extended: false, limit: '64kb' }), express.json({ limit: '64kb' }));
    options.publicRoutes(open);
    router.use(open);
  }
  router.use(options.auth);
  if (options.rateLimit) router.use(options.rateLimit);
  router.use(express.json({ limit: options.jsonLimit ?? '1mb' }));
  options.routes(router);
  router.use(unmatchedRoute());
  router.use(fakeErrorHandler(options.errors));
  return router;
}
