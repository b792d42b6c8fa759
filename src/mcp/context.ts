import type { ConfirmationGate } from '../governance/confirmations/gate.js';
import type { GraphService } from '../graph/service/graph-service.js';
import type { TenantPolicies } from '../governance/policy/tenant-policies.js';
import type { ClientCache } from '../integrations/client-cache.js';
import type { AnyIntegration } from '../integrations/integration.js';
import type { Clock, Logger } from '../toolkit/context.js';
import type { Executor } from '../toolkit/executor.js';
import type { Registry } from '../toolkit/registry.js';

/**
 * What the MCP surface needs of the server, satisfied by the composition root (src/app.ts): the
 * catalog and the executor, which integrations each caller has credentials for, and the graph's
 * node types for the graph view, the clock (a prompt's "today") and the tenants' policies.
 */
export interface McpContext {
  log: Logger;
  registry: Registry;
  executor: Pick<Executor, 'execute'>;
  integrations: readonly AnyIntegration[];
  connections: Pick<ClientCache, 'available' | 'remedyFor'>;
  services: { graph: Pick<GraphService, 'nodeTypes'> };
  clock: Clock;
  /** Which calls need a person's confirmation, and what each tenant's policy lets a caller see. */
  governance: { confirmations: Pick<ConfirmationGate, 'needs'>; policies: Pick<TenantPolicies, 'visibility'> };
}

/** Running a tool for a caller: finding it in the catalog, then through the executor. */
export type ToolRunner = Pick<McpContext, 'registry' | 'executor'>;
