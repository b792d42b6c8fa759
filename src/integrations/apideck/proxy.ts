import type { ApideckCore } from '@apideck/unify/core.js';
import type { ProxyPostProxyRequest } from '@apideck/unify/models/operations/proxypostproxy.js';
import { lazySdk } from '../lazy-sdk.js';
import type { UnifyClient } from './client.js';
import { unifyError } from './errors.js';

/** The providers' API bases a Proxy API call addresses (Apideck forwards to the provider's real URL). */
export const PROVIDER_API_BASES = {
  'google-calendar': 'https://www.googleapis.com/calendar/v3',
  slack: 'https://slack.com/api',
  notion: 'https://api.notion.com/v1',
} as const;

export type ProxiedService = keyof typeof PROVIDER_API_BASES;

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
