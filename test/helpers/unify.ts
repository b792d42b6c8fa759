import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { SANDBOX_CREDENTIALS, type WorkspaceId } from '../../src/sandbox/credentials.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { UnifyClient, type UnifySettings } from '../../src/integrations/apideck/client.js';
import { loadOpenApiContract, type OpenApiContract } from './openapi-contract.js';

/** The sandbox application's settings, with a workspace's API key. */
export function sandboxUnifySettings(sandbox: Sandbox, workspace: WorkspaceId = 'acme'): UnifySettings {
  const { apiKey, appId } = SANDBOX_CREDENTIALS[workspace].unify;
  return { baseUrl: sandbox.urlOf('/unify'), apiKey, appId };
}

/** A platform client of the sandbox's Apideck for one consumer (a workspace's demo consumer by default). */
export function unifyClientOf(sandbox: Sandbox, consumer: WorkspaceId | { consumerId: string } = 'acme'): UnifyClient {
  const consumerId =
    typeof consumer === 'string' ? SANDBOX_CREDENTIALS[consumer].unify.consumerId : consumer.consumerId;
  return new UnifyClient(sandboxUnifySettings(sandbox), consumerId);
}

const contractFile = (name: string) => fileURLToPath(new URL(`../contracts/${name}`, import.meta.url));

/** Apideck's CRM and Vault descriptions (pruned copies), addressed by the fake-relative path. */
export const apideckContracts = (): { crm: OpenApiContract; vault: OpenApiContract } => ({
  crm: loadOpenApiContract(contractFile('apideck-crm.json')),
  vault: loadOpenApiContract(contractFile('apideck-vault.json')),
});

export interface ApideckAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * A raw request to the fake as a consumer (headers of Apideck's SDK), its answer checked against the
 * contract of the path's family: every response, errors included, must conform.
 */
export function apideckRequester(sandbox: Sandbox, contracts: { crm: OpenApiContract; vault: OpenApiContract }) {
  return async (
    method: string,
    path: string,
    options: { body?: unknown; consumerId?: string; headers?: Record<string, string>; workspace?: WorkspaceId } = {},
  ): Promise<ApideckAnswer> => {
    const { apiKey, appId, consumerId } = SANDBOX_CREDENTIALS[options.workspace ?? 'acme'].unify;
    const response = await fetch(sandbox.urlOf('/unify') + path, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        'x-apideck-app-id': appId,
        'x-apideck-consumer-id': options.consumerId ?? consumerId,
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const body: unknown = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    const bare = path.split('?')[0];
    const contract = bare.startsWith('/vault') ? contracts.vault : bare.startsWith('/crm') ? contracts.crm : undefined;
    if (contract) {
      expect(
        contract.check({
          method,
          path: bare,
          status: response.status,
          contentType: response.headers.get('content-type'),
          body,
        }),
        `${method} ${path} ${response.status}`,
      ).toEqual([]);
    }
    return { status: response.status, body, headers: response.headers };
  };
}
