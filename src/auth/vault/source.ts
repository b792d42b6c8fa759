import type { CredentialSource } from '../../integrations/credentials.js';
import type { Logger } from '../../toolkit/context.js';
import type { CredentialVault } from './vault.js';

/**
 * The vault as a credential source: the calling user's own credentials for the integration (stored by
 * an OAuth flow under the integration's id). A row that no longer opens (its key was dropped from the
 * keyring, or its bytes were altered) counts as absent, so the user is asked to authorize again.
 */
export function vaultCredentials(vault: CredentialVault, log: Logger): CredentialSource {
  return {
    id: 'vault',
    async read(caller, integration) {
      if (!caller.userEmail) return undefined;
      try {
        return await vault.get({ tenantId: caller.tenantId, userEmail: caller.userEmail }, integration.id);
      } catch (error) {
        log.warn('vault: stored credentials could not be opened', {
          tenant_id: caller.tenantId,
          provider: integration.id,
          reason: error instanceof Error ? error.message : String(error),
        });
        return undefined;
      }
    },
  };
}
