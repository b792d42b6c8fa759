import { z } from 'zod';
import { defineIntegration } from '../../../src/integrations/integration.js';
import { classifyByStatus } from '../../../src/integrations/http-status.js';
import { UnifyClient, unifyError } from '../../../src/integrations/unify/client.js';
import type { UnifyCredentials } from '../../../src/integrations/unify/source.js';

declare module '../../../src/toolkit/context.js' {
  interface ClientMap {
    unify: UnifyClient;
  }
}

/** The platform's Apideck application and the tenant's consumer, as the `unify` credential source yields them. */
const UnifyCredentialsSchema = z.object({
  baseUrl: z.url(),
  apiKey: z.string().min(1),
  appId: z.string().min(1),
  consumerId: z.string().min(1),
});

const TITLE = 'Apideck';

/** A thrown value of `@apideck/unify` (it carries the HTTP exchange), as opposed to anything else. */
const isApideckFailure = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'httpMeta' in error;

/**
 * Apideck Unify, the unified API the crm, calendar, team_chat and unified notes families go through (one
 * integration serving several systems; it lives here, not in one of them).
 * Its credentials are never the caller's: the `unify` source gives the platform's application acting for
 * the caller's tenant's `consumerId`, so a JWT cannot name another tenant's consumer.
 */
export const unifyIntegration = defineIntegration({
  id: 'unify',
  title: TITLE,
  connectionKeys: [],
  credentials: UnifyCredentialsSchema,
  sources: ['unify'],
  createClient: ({ consumerId, ...settings }: UnifyCredentials, { fetch }) =>
    new UnifyClient(settings, consumerId, fetch, true),
  classifyResponse: classifyByStatus(TITLE),
  mapError: (error) => (isApideckFailure(error) ? unifyError(error) : undefined),
  demo: () => import('./demo.js').then((m) => m.unifyDemo),
});
