import type { UnifiedApiId } from '@apideck/unify/models/components/unifiedapiid.js';
import { lazySdk } from '../lazy-sdk.js';
import type { UnifyClient } from './client.js';

const vaultSessions = lazySdk(() => import('@apideck/unify/funcs/vaultSessionsCreate.js'));

interface VaultSessionRequest {
  /** Apideck unified API ids the session shows. */
  unifiedApis: string[];
  redirectUri?: string;
  vaultName?: string;
  primaryColor?: string;
  /** Shown in the Vault: the tenant's name. */
  accountName?: string;
}

/** Creates a Hosted Vault session for the client's consumer; the URI to send the user to. */
export async function createVaultSession(client: UnifyClient, request: VaultSessionRequest): Promise<string> {
  const { vaultSessionsCreate } = await vaultSessions();
  const answer = await client.call((core) =>
    vaultSessionsCreate(core, {
      session: {
        ...(request.accountName ? { consumerMetadata: { accountName: request.accountName } } : {}),
        ...(request.redirectUri ? { redirectUri: request.redirectUri } : {}),
        // Apideck's enum is open: the SDK passes ids it does not know yet, and Apideck judges them.
        settings: { unifiedApis: request.unifiedApis as UnifiedApiId[] },
        ...(request.vaultName || request.primaryColor
          ? { theme: { vaultName: request.vaultName, primaryColor: request.primaryColor } }
          : {}),
      },
    }),
  );
  const uri = answer.createSessionResponse?.data.sessionUri;
  if (!uri) throw new Error('Apideck answered a session without a session_uri');
  return uri;
}
