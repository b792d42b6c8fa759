import type { TenantService } from './auth/tenants.js';
import type { CredentialVault } from './auth/vault/index.js';
import type { Config } from './config/config.js';
import type { Governance } from './governance/install.js';
import { ResponseCache } from './http/response-cache.js';
import type { ClientCache } from './integrations/client-cache.js';
import { upstreamErrorMapper } from './integrations/errors.js';
import type { AnyIntegration } from './integrations/integration.js';
import { exposedOnly, serverSelectionOf } from './mcp/exposure.js';
import { CacheGenerationBumps } from './store/cache-generation-bumps.js';
import type { Telemetry } from './telemetry.js';
import type { Clock, Logger } from './toolkit/context.js';
import type { ServiceMap } from './toolkit/define-tool.js';
import { Executor, type ExecutionObserver } from './toolkit/executor.js';
import type { Registry } from './toolkit/registry.js';

/** What the executor and the response cache are built from. */
export interface ExecutionParts {
  config: Config;
  clock: Clock;
  log: Logger;
  registry: Registry;
  integrations: readonly AnyIntegration[];
  connections: ClientCache;
  tenants: TenantService;
  vault: CredentialVault;
  services: ServiceMap;
  governance: Governance;
  telemetry: Telemetry;
  /** The graph's observers of executions (activity records, results to ingest). */
  graphObservers: readonly ExecutionObserver[];
}

/**
 * The executor that hands the services to tools, and the REST response cache, wired so that a change
 * (an action, a grant replaced or removed) drops the cached reads it may change, on every node.
 */
export function buildExecution(parts: ExecutionParts): { executor: Executor; responseCache: ResponseCache } {
  const { config, clock, log, registry, connections, tenants, vault, services, governance, telemetry } = parts;
  // Every node's cached reads of a tenant key on its cache generation: each change bumps it.
  const cacheBumps = new CacheGenerationBumps((tenantId) => tenants.bumpCacheGeneration(tenantId), log);
  const responseCache = new ResponseCache(
    config.cacheTtlSeconds * 1000,
    clock,
    (caller, ids) => connections.accessDigest(caller, ids),
    (tenantId) => cacheBumps.settled(tenantId),
  );
  // A user's grant replaced or removed (revoked, refused at refresh): their cached responses go at once.
  vault.generations.onAdvance((grant) => {
    responseCache.invalidateUser(grant.tenantId, grant.userEmail);
    return cacheBumps.bump(grant.tenantId);
  });
  const executor = new Executor({
    registry,
    clients: connections,
    services,
    clock,
    log,
    mapUpstreamError: upstreamErrorMapper(parts.integrations),
    timeoutMs: config.callTimeoutSeconds * 1000,
    resultCache: services.analytics,
    // A read sent after a change's answer, to any node, must miss the caches keyed by the old generation.
    settleChange: (caller) => cacheBumps.settled(caller.tenantId),
    guard: exposedOnly(registry, serverSelectionOf(config), governance.guard),
    confirmations: governance.confirmations,
    observers: [
      governance.observer,
      telemetry.observeExecution,
      // A successful action may change what cached reads would show: drop the tenant's cached responses.
      (event) => {
        if (event.success && event.tool.capability.type === 'action') {
          responseCache.invalidateTenant(event.caller.tenantId);
          void cacheBumps.bump(event.caller.tenantId);
        }
      },
      ...parts.graphObservers,
    ],
  });
  return { executor, responseCache };
}
