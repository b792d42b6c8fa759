import type { ApideckCore } from '@apideck/unify/core.js';
import type { ProxyPostProxyRequest } from '@apideck/unify/models/operations/proxypostproxy.js';
import { AppError } from '../../toolkit/errors.js';
import { lazySdk } from '../lazy-sdk.js';
import { unifyError, type UnifyClient } from './client.js';

/** The providers' API bases a Proxy API call addresses (Apideck forwards to the provider's real URL). */
export const PROVIDER_API_BASES = {
  'google-calendar': 'https://www.googleapis.com/calendar/v3',
  slack: 'https://slack.com/api',
  notion: 'https://api.notion.com/v1',
} as const;

type ProxiedService = keyof typeof PROVIDER_API_BASES;

export interface ProxyRequest {
  serviceId: ProxiedService;
  /** Path under the provider's API base, with its query, e.g. `/calendars/primary/events?maxResults=10`. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
}

/** The provider's answer as it came: status, parsed JSON (or text) and headers. */
interface ProxyAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

type ProxyResult =
  { ok: true; value: { httpMeta: { response: Response }; responseJson?: unknown } } | { ok: false; error: unknown };

const proxyFunctions = {
  GET: lazySdk(() => import('@apideck/unify/funcs/proxyGet.js')),
  POST: lazySdk(() => import('@apideck/unify/funcs/proxyPost.js')),
  PUT: lazySdk(() => import('@apideck/unify/funcs/proxyPut.js')),
  PATCH: lazySdk(() => import('@apideck/unify/funcs/proxyPatch.js')),
  DELETE: lazySdk(() => import('@apideck/unify/funcs/proxyDelete.js')),
};
const vaultConnections = lazySdk(() => import('@apideck/unify/funcs/vaultConnectionsList.js'));

async function send(core: ApideckCore, method: string, request: ProxyPostProxyRequest): Promise<ProxyResult> {
  const { requestBody: _body, ...bodiless } = request;
  switch (method) {
    case 'GET':
      return (await proxyFunctions.GET()).proxyGet(core, bodiless);
    case 'POST':
      return (await proxyFunctions.POST()).proxyPost(core, request);
    case 'PUT':
      return (await proxyFunctions.PUT()).proxyPut(core, request);
    case 'PATCH':
      return (await proxyFunctions.PATCH()).proxyPatch(core, request);
    default:
      // Apideck's DELETE carries no body.
      return (await proxyFunctions.DELETE()).proxyDelete(core, bodiless);
  }
}

function parsed(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An Apideck error body (`{status_code, type_name, ...}`), as opposed to the provider's own. */
const isApideckError = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'type_name' in body && 'status_code' in body;

/**
 * A call through Apideck's Proxy API to the provider the consumer connected, authorized by that
 * connection. The provider's answer comes back whatever its status, for the family to read in the
 * provider's terms; Apideck's own refusals (bad key, no connection, rate limit) throw the platform's error.
 */
export async function proxyRequest(client: UnifyClient, request: ProxyRequest): Promise<ProxyAnswer> {
  const method = request.method ?? 'GET';
  const core = await client.sdk();
  const result = await send(core, method, {
    serviceId: request.serviceId,
    downstreamUrl: PROVIDER_API_BASES[request.serviceId] + request.path,
    ...(request.body === undefined
      ? {}
      : { requestBody: new Blob([JSON.stringify(request.body)], { type: 'application/json' }) }),
  });
  if (result.ok) {
    const response = result.value.httpMeta.response;
    return { status: response.status, body: result.value.responseJson, headers: response.headers };
  }
  const meta = (result.error as { httpMeta?: { response?: Response; body?: string } }).httpMeta;
  const body = parsed(meta?.body);
  if (!meta?.response || isApideckError(body)) throw unifyError(result.error);
  return { status: meta.response.status, body, headers: meta.response.headers };
}

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
