export {
  OAuthFlow,
  type AuthorizationState,
  type AuthorizationStatus,
  type OAuthFlowOptions,
  type StoredGrant,
} from './flow.js';
export { type PendingAuthorizations } from './pending.js';
export { SqlitePendingAuthorizations } from './pending-sqlite.js';
export {
  lazyProvider,
  RefreshRejected,
  type OAuthProvider,
  type ProviderGrant,
  type ProviderTokens,
} from '../../integrations/oauth-provider.js';
export { oauthMigrations } from './schema.js';
export { STATE_TTL_SECONDS, StateTokens } from './state-token.js';
export {
  authorizationFamiliesOf,
  type AuthorizationFamily,
  type OAuthClient,
  type OAuthRouteForm,
  type OAuthUpstream,
} from './upstream.js';
