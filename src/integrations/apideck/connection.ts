import { AppError } from '../../toolkit/errors.js';
import { lazySdk } from '../lazy-sdk.js';
import type { UnifyClient } from './client.js';
import type { ProxiedService } from './proxy.js';

const vaultConnections = lazySdk(() => import('@apideck/unify/funcs/vaultConnectionsList.js'));

/**
 * The service a consumer connected for a unified API (`crm`, `calendar`, `team-messaging`,
 * `file-storage`): its callable connection's service id. NOT_CONFIGURED when there is none, naming how
 * to connect one.
 */
export async function connectedService(client: UnifyClient, unifiedApi: string): Promise<string> {
  const { vaultConnectionsList } = await vaultConnections();
  const answer = await client.call((core) => vaultConnectionsList(core, { api: unifiedApi, configured: true }));
  const connection = answer.getConnectionsResponse?.data.find((c) => c.state === 'callable' && c.enabled !== false);
  if (!connection?.serviceId) {
    client.forgetService(unifiedApi);
    throw new AppError(
      'NOT_CONFIGURED',
      `No ${unifiedApi} integration is connected for this tenant: authorize one through POST /auth/vault-session`,
    );
  }
  client.rememberService(unifiedApi, connection.serviceId);
  return connection.serviceId;
}

/** Apideck refused a call because the consumer has no connection to the service named (`InvalidServiceIdError`). */
const isMissingConnection = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'NOT_CONFIGURED' && error.upstreamStatus !== undefined;

/** The provider a Proxy family speaks, and how its refusals name it. */
export interface FamilyProvider {
  service: ProxiedService;
  /** The provider's name, e.g. `Google Calendar`. */
  name: string;
  /** The family's name, e.g. `calendar`. */
  family: string;
}

/**
 * Runs `use` against the provider the tenant connected for `unifiedApi`, which must be the family's
 * (else NOT_CONFIGURED, naming the one connected). The connected provider is remembered for a minute,
 * saving the vault lookup on most calls. When Apideck then refuses a call for want of that connection
 * (it was removed or replaced in the vault), nothing reached the provider: the connection is looked up
 * again and `use` runs once more.
 */
export async function withConnectedProvider<T>(
  client: UnifyClient,
  unifiedApi: string,
  provider: FamilyProvider,
  use: () => Promise<T>,
): Promise<T> {
  const check = (service: string): void => {
    if (service !== provider.service) {
      throw new AppError(
        'NOT_CONFIGURED',
        `The tenant's ${provider.family} connection is ${service}; the ${provider.family} family speaks ${provider.name} only: connect it through POST /auth/vault-session`,
      );
    }
  };
  const remembered = client.knownService(unifiedApi);
  check(remembered ?? (await connectedService(client, unifiedApi)));
  try {
    return await use();
  } catch (error) {
    if (remembered === undefined || !isMissingConnection(error)) throw error;
    client.forgetService(unifiedApi);
    check(await connectedService(client, unifiedApi));
    return use();
  }
}
