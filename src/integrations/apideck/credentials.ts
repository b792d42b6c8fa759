import { z } from 'zod';
import type { CredentialSource } from '../credentials.js';
import type { UnifySettings } from './client.js';

/** What a unified-API client is built from: the platform's Apideck application and the tenant's consumer. */
export const UnifyCredentials = z.object({
  baseUrl: z.url(),
  apiKey: z.string().min(1),
  appId: z.string().min(1),
  consumerId: z.string().min(1),
});
export type UnifyCredentials = z.infer<typeof UnifyCredentials>;

/**
 * The platform's own Apideck application as a credential source (`unify`): not the caller's token but
 * the configured application (or the sandbox's in demo mode), acting for the caller's tenant, whose
 * `consumerId` chooses the data. Nothing when the unified API is not configured or the tenant is unknown,
 * so the tools of integrations that use it are then not offered.
 */
export function unifyCredentials(
  settings: () => UnifySettings | undefined,
  consumerOf: (tenantId: string) => Promise<string | undefined>,
): CredentialSource {
  return {
    id: 'unify',
    async read(caller) {
      const application = settings();
      const consumerId = application && (await consumerOf(caller.tenantId));
      return application && consumerId ? { ...application, consumerId } : undefined;
    },
  };
}
