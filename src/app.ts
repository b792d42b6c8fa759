import type { Config } from './config/config.js';
import { createLogger } from './config/logger.js';
import { TokenService } from './auth/jwt.js';
import { TenantService } from './auth/tenants.js';
import { createConnectionCache } from './connections/index.js';
import type { ConnectionCache } from './connections/cache.js';
import { openDatabase, type Db } from './store/db.js';
import { TenantsRepo } from './store/tenants-repo.js';
import { purgeTenantData } from './store/tenant-purge.js';
import { systemClock, type Clock, type Logger } from './toolkit/context.js';
import type { ServiceMap } from './toolkit/define-tool.js';
import { Executor } from './toolkit/executor.js';
import type { Registry } from './toolkit/registry.js';
import { buildRegistry } from '../tools/index.js';
import { Telemetry } from './telemetry.js';
import { installGraph } from './graph/install.js';
import { installAnalytics } from './analytics/install.js';
import type { Sandbox } from './sandbox/server.js';
import { ResponseCache } from './http/response-cache.js';

/** Everything one running server holds. Surfaces (REST, MCP, CLI) are thin layers over it. */
export interface App {
  config: Config;
  log: Logger;
  clock: Clock;
  db: Db;
  registry: Registry;
  executor: Executor;
  tenants: TenantService;
  tokens: TokenService;
  connections: ConnectionCache;
  services: ServiceMap;
  telemetry: Telemetry;
  /** GET response cache of the REST surface (per tenant and user). */
  responseCache: ResponseCache;
  /** Present in demo mode: the in-process fake upstreams. */
  sandbox?: Sandbox;
  /** Work to run on close, in reverse order of registration. */
  onClose(fn: () => void | Promise<void>): void;
  /** Work to run when a tenant is deleted, after its rows are gone (in-memory caches...). */
  onTenantRemoved(fn: (tenantId: string) => void): void;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  clock?: Clock;
  log?: Logger;
  registry?: Registry;
}

export function createApp(config: Config, options: CreateAppOptions = {}): App {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger(config.logLevel);
  const db = openDatabase(config.databaseFile);
  const registry = options.registry ?? buildRegistry();
  const connections = createConnectionCache(clock);
  const services = {} as ServiceMap;
  const telemetry = new Telemetry();
  const executor = new Executor({ registry, clients: connections, services, clock, log, observers: [telemetry.observeExecution] });
  const responseCache = new ResponseCache(config.cacheTtlSeconds * 1000, clock);
  // A successful action may change what cached reads would show: drop the tenant's cached responses.
  executor.addObserver((event) => {
    if (event.success && event.tool.capability.type === 'action') responseCache.invalidateTenant(event.caller.tenantId);
  });
  const closers: Array<() => void | Promise<void>> = [];
  const tenantRemovedHooks: Array<(tenantId: string) => void> = [connections.clear.bind(connections), responseCache.invalidateTenant.bind(responseCache)];
  const app: App = {
    config,
    log,
    clock,
    db,
    registry,
    executor,
    tenants: new TenantService(new TenantsRepo(db), clock, (tenantId) => {
      purgeTenantData(db, tenantId);
      for (const fn of tenantRemovedHooks) fn(tenantId);
    }),
    tokens: new TokenService(config.jwtSecret, config.jwtTtlSeconds, () => clock.now()),
    connections,
    services,
    telemetry,
    responseCache,
    onClose: (fn) => closers.push(fn),
    onTenantRemoved: (fn) => tenantRemovedHooks.push(fn),
    async close() {
      for (const fn of closers.reverse()) await fn();
      db.close();
    },
  };
  installGraph(app);
  installAnalytics(app);
  return app;
}
