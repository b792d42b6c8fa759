import { workspaceWhere, type WorkspaceId } from '../credentials.js';
import type { FakeContext, FakeUpstream } from '../fake-upstream.js';
import {
  apiKeyHeaders,
  apideckErrors,
  fakeRouter,
  RateBudgets,
  retryAfterHeaders,
  unauthorized,
  workspaceAuth,
  workspaceRateLimit,
} from '../kit/index.js';
import { Consumers } from './consumers.js';
import { crmRoutes } from './crm-routes.js';
import { proxyRoutes } from './proxy.js';
import { seedUnify } from './seed.js';
import { sessionPageRoutes } from './session-page.js';
import type { UnifyState } from './state.js';
import { vaultRoutes } from './vault-routes.js';

export type {
  UnifyState,
  ConsumerState,
  CrmRecord,
  CrmRecords,
  CrmResource,
  ConnectionRecord,
  VaultSession,
} from './state.js';
export { crmOf } from './state.js';
export { CONNECTORS, DEMO_CONNECTIONS, type Connector } from './connectors.js';

/** The sandbox application's budget per API key: 300 requests a minute. */
const BUDGETS = { default: { limit: 300, windowSeconds: 60 } };

/** Which workspace's key of the sandbox application a request presents (`Authorization: Bearer` and `x-apideck-app-id`). */
const keyScheme = apiKeyHeaders({ apiKey: 'authorization', appId: 'x-apideck-app-id' });

/**
 * Apideck Unify under `/unify` (`@apideck/unify` with `serverURL: sandbox.urlOf('/unify')`):
 * Vault (`POST /vault/sessions`, `GET /vault/connections`, `GET /vault/connections/{unified_api}/{service_id}`,
 * and the Hosted Vault page a session URI leads to), the unified CRM (`/crm/{companies,contacts,
 * opportunities,leads,users}`: list, create, get, update, delete) and the Proxy API (`/proxy`), with
 * Apideck's envelope, `meta.cursors` / `links` paging and `{status_code, error, type_name, message,
 * detail, ref}` errors.
 *
 * One application (`sandbox-app`) holds every workspace's API key (`SANDBOX_CREDENTIALS.<ws>.unify`);
 * `x-apideck-consumer-id` chooses the consumer. Each workspace's consumer (`<ws>-consumer`, the demo
 * tenant's `consumerId`) has a CRM (acme Salesforce, globex HubSpot) seeded from the workspace's people,
 * and Google Calendar, Slack and Notion connections that the Proxy API forwards to the sandbox's own
 * fakes with the workspace's credentials. Any other consumer id starts with no connections (400
 * `InvalidServiceIdError` on unified calls) until it connects through a Vault session.
 */
export const unifyFake: FakeUpstream<UnifyState> = {
  prefix: '/unify',
  seed: seedUnify,
  router(states: Record<WorkspaceId, UnifyState>, ctx: FakeContext) {
    const consumers = new Consumers(states);
    return fakeRouter({
      errors: apideckErrors,
      publicRoutes: (router) => sessionPageRoutes(router, consumers, ctx),
      auth: workspaceAuth({
        scheme: keyScheme,
        workspaceOf: (key) =>
          workspaceWhere('unify', (credential) => credential.apiKey === key.apiKey && credential.appId === key.appId),
        refusal: unauthorized('Unauthorized Request', { details: 'Missing authentication' }),
      }),
      rateLimit: workspaceRateLimit({
        budgets: new RateBudgets(BUDGETS, ctx.clock, { enforce: ctx.rateLimits === 'enforce' }),
        style: retryAfterHeaders,
      }),
      routes(router) {
        vaultRoutes(router, consumers, ctx);
        crmRoutes(router, consumers, ctx);
        proxyRoutes(router, consumers, ctx);
      },
    });
  },
};
