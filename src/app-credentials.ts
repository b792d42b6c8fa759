import type { CreateAppOptions } from './app.js';
import type { TenantService } from './auth/tenants.js';
import { vaultCredentials, type CredentialVault } from './auth/vault/index.js';
import type { Config } from './config/config.js';
import { environmentCredentials, jwtCredentials, type CredentialSource } from './integrations/credentials.js';
import type { AnyIntegration } from './integrations/integration.js';
import type { Logger } from './toolkit/context.js';

/**
 * Where a call's provider credentials come from, in order: the caller's token, the user's vault, the
 * environment (one local user) when asked, and the sources the upstreams bring (the platform's own accounts).
 */
export function credentialSources(
  config: Config,
  options: CreateAppOptions,
  integrations: readonly AnyIntegration[],
  vault: CredentialVault,
  tenants: TenantService,
  log: Logger,
): CredentialSource[] {
  const sources: CredentialSource[] = [jwtCredentials, vaultCredentials(vault, log)];
  if (options.environmentCredentials) sources.push(environmentCredentials(options.environmentCredentials));
  // Read per call: tenants come and go.
  const consumerOf = async (tenantId: string) => (await tenants.find(tenantId))?.consumerId;
  for (const integration of integrations)
    if (integration.ownSource)
      sources.push(integration.ownSource({ config, consumerOf, demo: options.demo?.environment }));
  return sources;
}
