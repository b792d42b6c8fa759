import type { Governance } from '../governance/install.js';
import type { TokenService } from '../auth/jwt.js';
import type { OAuthFlow } from '../auth/oauth/flow.js';
import type { TenantService } from '../auth/tenants.js';
import type { SystemManifest } from '../catalog/manifest.js';
import type { Config } from '../config/config.js';
import type { SampleTeam } from '../graph/seed.js';
import type { ClientCache } from '../integrations/client-cache.js';
import type { AnyIntegration, PlatformAccounts } from '../integrations/integration.js';
import type { WorkspaceId } from '../sandbox/credentials.js';
import type { Sandbox } from '../sandbox/server.js';
import type { CancelBus } from '../mcp/cancel-bus.js';
import type { TaskStore } from '../mcp/task-store.js';
import type { Telemetry } from '../telemetry.js';
import type { Caller, Clock, Logger } from '../toolkit/context.js';
import type { ServiceMap } from '../toolkit/define-tool.js';
import type { Executor } from '../toolkit/executor.js';
import type { Registry } from '../toolkit/registry.js';
import type { ResponseCache } from './response-cache.js';
import type { WindowCounter } from '../store/window-counter.js';
import type { GraphSync } from '../sync/service.js';

/**
 * Demo mode as the REST surface uses it: its users and their tokens' connections, its sandbox and sample
 * graph, and the platform's accounts at the upstreams' fakes.
 */
export interface DemoView extends PlatformAccounts {
  readonly sandbox: Pick<Sandbox, 'url' | 'prefixes' | 'urlOf'>;
  users(): Array<{ tenant_id: WorkspaceId; user_email: string; user_display_name: string }>;
  connections(workspace: WorkspaceId): Caller['connections'];
  /** The caller of a request without a token. */
  defaultCaller(): Caller;
  sampleTeam(tenantId: string): SampleTeam | undefined;
}

/**
 * What the REST surface needs of the server, satisfied by the composition root (src/app.ts). A route
 * module or helper names the part it uses (`Pick<RouteContext, ...>`, or one of the groups below).
 */
export interface RouteContext {
  config: Config;
  log: Logger;
  clock: Clock;
  /** Whether the installation's store takes a write now (`/health`). */
  storeAnswers(): Promise<boolean>;
  /** Whether this node should get requests now (`/ready`): the store answers and it is not draining. */
  readiness(): Promise<{ ready: true } | { ready: false; reason: 'draining' | 'store_unavailable' }>;
  /** MCP tasks (long calls run in the background), shared by every server of the installation. */
  mcpTasks: TaskStore;
  /** Cancellations and task ends, told to every node sharing the store (the node doing the work stops it). */
  cancelBus: CancelBus;
  telemetry: Telemetry;
  /** Every system's manifest (tools, integrations, extractor, REST family, per-user authorization...). */
  manifests: readonly SystemManifest[];
  integrations: readonly AnyIntegration[];
  registry: Registry;
  executor: Executor;
  tenants: TenantService;
  tokens: TokenService;
  connections: ClientCache;
  services: Pick<ServiceMap, 'graph' | 'documents'>;
  /** Each tenant's background sync of its systems into the graph. */
  sync: GraphSync;
  /** Per-user OAuth flows by route family (`suite`); a family without one answers `no_access`. */
  authorizations: ReadonlyMap<string, OAuthFlow>;
  /** The address users' browsers reach the server at: CONSTELLATION_PUBLIC_URL, else where it listens. */
  publicUrl(): string;
  /** GET response cache of the REST surface (per tenant and user). */
  responseCache: ResponseCache;
  /** Where request limits count their windows: shared by every node of a fleet on PostgreSQL. */
  windows: WindowCounter;
  /** The audit log, the tenant policies and confirmations (and, through the executor, the secret scanning). */
  governance: Pick<Governance, 'audit' | 'recordAct' | 'policies' | 'confirmations' | 'confirmationStore'>;
  /** Present in demo mode: demo users, their connections and the caller of requests without a token. */
  demo?: DemoView;
}

/** Who calls: a token verified once per request, the API key, and in demo mode the user of a tokenless request. */
export type CallerChecks = Pick<RouteContext, 'config' | 'tokens' | 'demo' | 'tenants'>;

/** Running tools for a request, and logging what fails. */
export type ToolAccess = Pick<RouteContext, 'registry' | 'executor' | 'log'>;

/** Answering a failure (the error forms log what they do not show). */
export type Logging = Pick<RouteContext, 'log'>;
