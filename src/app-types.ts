import type { TenantService } from './auth/tenants.js';
import type { OAuthFlow } from './auth/oauth/flow.js';
import type { AuthorizationFamily } from './auth/oauth/upstream.js';
import type { CredentialVault } from './auth/vault/index.js';
import type { SystemManifest } from './catalog/manifest.js';
import type { SystemOutline } from './catalog/outline.js';
import type { DemoEnvironment } from './demo/environment.js';
import type { GovernancePolicy } from './governance/policy-hooks.js';
import type { RouteContext } from './http/route-context.js';
import type { CredentialRewrite } from './integrations/client-cache.js';
import type { OAuthProvider } from './integrations/oauth-provider.js';
import type { CancelBusOptions } from './mcp/cancel-bus.js';
import type { Sandbox } from './sandbox/server.js';
import type { StoreBackend } from './store/backend.js';
import type { Db } from './store/db.js';
import type { Clock, Logger } from './toolkit/context.js';
import type { ServiceMap } from './toolkit/define-tool.js';
import type { Registry } from './toolkit/registry.js';

/**
 * Everything one running server holds. Surfaces (REST, MCP, CLI) are thin layers over it: each declares
 * the part it uses in its own layer (RouteContext, McpContext, ...) and the app satisfies them all; the
 * REST surface's part is the widest, so the app is declared over it.
 */
export interface App extends RouteContext {
  services: ServiceMap;
  /** Where the installation keeps its data: the SQLite file, or PostgreSQL. */
  readonly store: StoreBackend;
  /** The SQLite handle of an installation on SQLite (tests inspect rows through it); throws on PostgreSQL. */
  readonly db: Db;
  /** Per-user provider credentials (OAuth tokens), sealed at rest; a credential source named `vault`. */
  vault: CredentialVault;
  /** Per-user OAuth flows by route family (`suite`). */
  authorizations: ReadonlyMap<string, OAuthFlow>;
  /** Records where the server listens (the public address when none is configured). */
  listeningAt(url: string): void;
  /** Writes now what answered calls left to write behind them (audit, activity and graph records). */
  writeDeferred(): Promise<void>;
  /** Resolves once this node's background turns under way (sweeps, retention, scheduled syncs) have ended. */
  backgroundSettled(): Promise<void>;
  /** Present in demo mode: the in-process fake upstreams. */
  readonly sandbox?: Sandbox;
  /** Present in demo mode: demo users, their connections and the caller of requests without a token. */
  readonly demo?: DemoEnvironment;
  close(): Promise<void>;
}

/** Demo mode, started before the app (src/demo/start-demo.ts): the sandbox and what the app needs of it. */
export interface DemoMode {
  sandbox: Sandbox;
  environment: DemoEnvironment;
  /** Point clients at the sandbox: demo tokens' sandbox references, per-user integrations' API roots. */
  credentialRewrites: readonly CredentialRewrite[];
  /** The provider a per-user authorization family uses in demo mode: the sandbox's fake of its upstream. */
  oauthProviders: (family: AuthorizationFamily) => OAuthProvider | undefined;
  /** Readies the services built over it: the tenants `acme` and `globex`, the demo users' consents. */
  prepare(services: {
    tenants: Pick<TenantService, 'ensure'>;
    vault: Pick<CredentialVault, 'fillOnFirstUse' | 'put'>;
    clock: Clock;
  }): Promise<void>;
}

export interface CreateAppOptions {
  clock?: Clock;
  log?: Logger;
  registry?: Registry;
  manifests?: readonly SystemManifest[];
  /**
   * Every system's outline when `manifests` holds only the systems a selection serves: the graph and the
   * documents still know every system's node types and mention patterns.
   */
  outlines?: readonly SystemOutline[];
  /** Also read credentials from environment variables (one local user, e.g. stdio in a desktop host). */
  environmentCredentials?: NodeJS.ProcessEnv;
  /** Demo mode's running sandbox (see `createDemoApp`): the app points its clients at it and closes it last. */
  demo?: DemoMode;
  /** The store, opened (`openBackend`); by default the one the configuration names is opened here. */
  store?: StoreBackend;
  /** How the cancel bus behaves when its connection drops (tests hold a reconnect). */
  cancelBus?: CancelBusOptions;
  /** Which calls need a confirmation, answered instead of each tenant's stored policy (tests that waive them). */
  governancePolicy?: GovernancePolicy;
}
