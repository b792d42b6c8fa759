import type { AnyIntegration } from '../integrations/integration.js';
import type { Caller } from '../toolkit/context.js';
import type { TenantService } from './tenants.js';

/** The tenant a single local user's calls belong to (stdio with environment credentials). */
const LOCAL_TENANT_ID = 'local';

/**
 * The caller of a server run by one person on their own machine, with integration credentials in
 * environment variables (GITHUB_TOKEN...) instead of a JWT. Its own tenant keeps its graph and
 * activity; `CONSTELLATION_USER_EMAIL` names the person (the graph's "me" and personal contexts).
 */
export async function localCaller(
  tenants: Pick<TenantService, 'ensure' | 'epochOf'>,
  env: NodeJS.ProcessEnv,
): Promise<Caller> {
  const tenant = await tenants.ensure({
    id: LOCAL_TENANT_ID,
    consumerId: 'local-user',
    name: 'Local user',
    description: 'Calls of the local stdio user (environment credentials)',
  });
  return {
    tenantId: tenant.id,
    tenantEpoch: await tenants.epochOf(tenant.id),
    userEmail: env.CONSTELLATION_USER_EMAIL || undefined,
    userDisplayName: env.CONSTELLATION_USER_NAME || undefined,
    connections: {},
  };
}

/** The environment variables the integrations read for a local user, for messages and docs. */
export function environmentVariables(integrations: readonly AnyIntegration[]): string[] {
  return integrations.flatMap((integration) =>
    Object.values(integration.env ?? {}).filter((name): name is string => typeof name === 'string'),
  );
}
