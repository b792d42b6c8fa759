import { classifyByStatus } from '../http-status.js';
import { defineIntegration } from '../integration.js';
import { CONNECTION_MEMORY_MS, UnifyClient } from './client.js';
import { unifyCredentials, UnifyCredentials } from './credentials.js';
import { APIDECK, isApideckFailure, unifyError } from './errors.js';
import { unifyApplication } from './settings.js';

declare module '../../toolkit/context.js' {
  interface ClientMap {
    unify: UnifyClient;
  }
}

declare module '../integration.js' {
  interface CredentialSourceIds {
    unify: true;
  }
}

/**
 * Apideck Unify, the unified API several systems go through (one integration serving several systems;
 * each system's manifest names it). Its credentials are never the caller's: the `unify` source gives the
 * platform's application acting for the caller's tenant's `consumerId`, so a JWT cannot name another
 * tenant's consumer.
 */
export const unifyIntegration = defineIntegration({
  id: 'unify',
  title: APIDECK,
  connectionKeys: [],
  credentials: UnifyCredentials,
  sources: ['unify'],
  // The configured application, or demo mode's, is the same for the life of the server once there: validated once.
  // None yet is asked again (a demo's platform account may come after the server), so a later one is still found.
  ownSource: (access) => {
    let settings: ReturnType<typeof unifyApplication>;
    return unifyCredentials(() => (settings ??= unifyApplication(access)), access.consumerOf);
  },
  createClient: ({ consumerId, ...settings }: UnifyCredentials, { fetch }) =>
    new UnifyClient(settings, consumerId, fetch, true),
  classifyResponse: classifyByStatus(APIDECK),
  mapError: (error) => (isApideckFailure(error) ? unifyError(error) : undefined),
  // A tenant's connections change in Apideck's vault, which tells this server nothing: answers live no
  // longer than the connected provider is remembered (see withConnectedProvider).
  cacheTtlMs: CONNECTION_MEMORY_MS,
  demo: () => import('./demo.js').then((m) => m.unifyDemo),
});
