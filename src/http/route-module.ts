import type { RequestHandler, Router } from 'express';
import type { JsonSchema } from '../toolkit/registry.js';
import type { RouteContext } from './route-context.js';

type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call an operation: nobody in particular, a JWT, the API key, or both. */
export type Security = 'none' | 'jwt' | 'apiKey' | 'apiKey+jwt';

/** The error body an operation answers with (each route family has its own, spec: Errors). */
export type ErrorForm = 'envelope' | 'graph' | 'jsonrpc' | 'detail';

export interface QueryParam {
  name: string;
  schema: JsonSchema;
  required?: boolean;
  description?: string;
}

/** One operation as a route module declares it, next to its handler; `/openapi.json` is built from these. */
export interface Operation {
  method: Verb;
  /** OpenAPI form: `{id}` for a path parameter. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  security: Security;
  query?: QueryParam[];
  /** Request headers the operation reads besides its security scheme (the vault's `X-Tenant-Id`). */
  headers?: QueryParam[];
  body?: JsonSchema;
  /** How the body is sent: JSON unless said (an upload is a multipart form). */
  bodyMediaType?: 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';
  /** Schema of the 2xx body; `text` for a non-JSON answer (HTML page, metrics). */
  response?: JsonSchema | { text: string };
  /** Success status when it is not 200. */
  status?: number;
  /** The operation answers by redirecting (302 with Location); says where to. */
  redirect?: string;
  /** Other statuses answered with the success body's shape (a 503 health report). */
  alsoAnswers?: Record<number, string>;
  errors?: ErrorForm;
  /**
   * What the general per-tenant limiter does with the operation: counts it ('general', the default when
   * it takes credentials), leaves it ('none', the default when it takes none: cheap public reads), or
   * leaves it to a budget of its own ('own').
   */
  rateLimit?: 'general' | 'own' | 'none';
}

/** Express path of an OpenAPI path: `{id}` becomes `:id`. */
const expressPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * A router that records what it serves: every route is added with its operation, so the OpenAPI
 * document and the routes Express serves come from one declaration.
 */
export class Routes {
  constructor(
    readonly router: Router,
    /** Makes routers and body parsers: Express, handed over by the server that loads it. */
    private readonly kit: RouterKit,
    private readonly declared: Operation[] = [],
    private readonly prefix = '',
  ) {}

  get operations(): readonly Operation[] {
    return this.declared;
  }

  add(operation: Operation, ...handlers: RequestHandler[]): void {
    this.declared.push({ ...operation, path: this.prefix + operation.path });
    this.router[operation.method](expressPath(operation.path), ...handlers);
  }

  /** Declares an operation served outside this router (the MCP endpoint, mounted before body checks). */
  declare(operation: Operation): void {
    this.declared.push({ ...operation, path: this.prefix + operation.path });
  }

  /** The routes of a sub-router mounted at `prefix`, declared in the same list. */
  under(prefix: string, router: Router): Routes {
    return new Routes(router, this.kit, this.declared, this.prefix + prefix);
  }

  /** A new router for a family of routes, and its routes under `prefix` (mount the router there). */
  family(prefix: string): Routes {
    return this.under(prefix, this.kit.router());
  }

  /** A JSON body parser of at most `limit` bytes. */
  jsonBody(limit: string | number): RequestHandler {
    return this.kit.json(limit);
  }
}

/**
 * What route modules need of Express at run time, given by the server: a system's REST family is loaded
 * with the catalog, which an MCP host's stdio server loads too, and that should not load Express.
 */
export interface RouterKit {
  router(): Router;
  json(limit: string | number): RequestHandler;
}

/**
 * One group of REST routes, given the part of the server it uses (`Deps`). `src/http/routes/index.ts`
 * lists every group in mounting order; each is mounted with the whole RouteContext.
 */
export type RouteModule<Deps = RouteContext> = (routes: Routes, deps: Deps) => void;
