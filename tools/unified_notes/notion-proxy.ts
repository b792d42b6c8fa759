import type { Client } from '@notionhq/client';
import type { HeaderSource } from '../../src/integrations/http-status.js';
import type { UnifyClient } from '../../src/integrations/apideck/client.js';
import { withConnectedProvider, type FamilyProvider } from '../../src/integrations/apideck/connection.js';
import { PROVIDER_API_BASES, proxyRequest } from '../../src/integrations/apideck/proxy.js';
import { loadNotionSdk } from '../../src/integrations/notion/client.js';
import { notionFailure } from '../../src/integrations/notion/errors.js';

/** Apideck's unified API whose connection names the tenant's notes workspace. */
const UNIFIED_API = 'file-storage';
const NOTION: FamilyProvider = { service: 'notion', name: 'Notion', family: 'notes' };
const NOTION_ORIGIN = new URL(PROVIDER_API_BASES.notion).origin;

type ProxyMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A Notion SDK client whose every request goes through Apideck's Proxy API, authorized by the tenant's
 * notes connection: the SDK builds Notion's requests and reads Notion's answers, the proxy carries them.
 * Apideck's own refusals (no connection, its rate limit) are thrown as the platform's errors unchanged.
 */
function notionOverProxy(sdk: Awaited<ReturnType<typeof loadNotionSdk>>, unify: UnifyClient): Client {
  const viaProxy: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = typeof init?.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = await proxyRequest(unify, {
      serviceId: 'notion',
      path: url.pathname.replace(/^\/v1/, '') + url.search,
      method: (init?.method ?? 'GET').toUpperCase() as ProxyMethod,
      ...(body === undefined ? {} : { body }),
    });
    const text =
      answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status, headers: answer.headers });
  };
  return new sdk.Client({
    baseUrl: NOTION_ORIGIN,
    fetch: viaProxy,
    retry: false,
    logLevel: sdk.LogLevel.ERROR,
    logger: () => undefined,
  });
}

/**
 * Runs Notion calls for the tenant's connected notes workspace. Only Notion is spoken: another connected
 * provider is NOT_CONFIGURED, naming it. Notion's refusals become the platform's errors with Notion's
 * wording (404, 400 VALIDATION_ERROR, 429 with Retry-After, 5xx as 502).
 */
export function withNotion<T>(unify: UnifyClient, work: (notion: Client) => Promise<T>): Promise<T> {
  return withConnectedProvider(unify, UNIFIED_API, NOTION, async () => {
    // The integration's SDK: the notes helpers this work calls recognise only its errors.
    const sdk = await loadNotionSdk();
    try {
      return await work(notionOverProxy(sdk, unify));
    } catch (error) {
      if (sdk.isHTTPResponseError(error))
        throw notionFailure(error.status, error.headers as HeaderSource, error.body, error);
      throw error;
    }
  });
}
