import type { ApideckCore } from '@apideck/unify/core.js';
import { classifyByStatus } from '../http-status.js';
import type { UpstreamFetch } from '../integration.js';
import { lazySdk } from '../lazy-sdk.js';
import { createUpstreamFetch } from '../upstream-fetch.js';
import { APIDECK, unifyError } from './errors.js';

/** Where the platform reaches Apideck: its API base, the application's key and id (config, or the sandbox in demo mode). */
export interface UnifySettings {
  baseUrl: string;
  apiKey: string;
  appId: string;
}

/** The result every standalone function of `@apideck/unify` resolves to. */
type UnifyResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * How long the provider a tenant connected is remembered (real time: the vault changes outside the
 * platform's clock). A change in the vault is noticed sooner: Apideck refuses a proxied call for the
 * remembered provider, and the families look it up again (see `withConnectedProvider`).
 */
export const CONNECTION_MEMORY_MS = 60_000;

/**
 * One Apideck client for one consumer (a tenant's `consumerId`), on the platform's fetch (the one retry
 * layer: the SDK's own retries are off). `@apideck/unify` costs about 1.2 s to import even one
 * standalone function (each pulls in every model), so the SDK is loaded on the first call, never at start.
 */
export class UnifyClient {
  private readonly fetch: UpstreamFetch;

  constructor(
    private readonly settings: UnifySettings,
    readonly consumerId: string,
    fetch: typeof globalThis.fetch = globalThis.fetch,
    /** True when `fetch` already is the platform's retrying fetch (an integration's client context gives one). */
    retrying = false,
  ) {
    this.fetch = retrying
      ? fetch
      : createUpstreamFetch({ title: APIDECK, classifyResponse: classifyByStatus(APIDECK) }, fetch);
  }

  /** The SDK client, for the standalone functions (`@apideck/unify/funcs/<name>.js`). */
  readonly sdk: () => Promise<ApideckCore> = lazySdk(async () => {
    const [{ ApideckCore }, { HTTPClient }] = await Promise.all([
      import('@apideck/unify/core.js'),
      import('@apideck/unify/lib/http.js'),
    ]);
    return new ApideckCore({
      serverURL: this.settings.baseUrl,
      apiKey: this.settings.apiKey,
      appId: this.settings.appId,
      consumerId: this.consumerId,
      httpClient: new HTTPClient({ fetcher: this.fetch }),
      retryConfig: { strategy: 'none' },
    });
  });

  private readonly connected = new Map<string, { service: string; until: number }>();

  /** The provider remembered as connected for a unified API, if looked up less than a minute ago. */
  knownService(unifiedApi: string): string | undefined {
    const known = this.connected.get(unifiedApi);
    return known && known.until > Date.now() ? known.service : undefined;
  }

  rememberService(unifiedApi: string, service: string): void {
    this.connected.set(unifiedApi, { service, until: Date.now() + CONNECTION_MEMORY_MS });
  }

  forgetService(unifiedApi: string): void {
    this.connected.delete(unifiedApi);
  }

  /** Runs a standalone function and returns its value, or throws the platform's error for its failure. */
  async call<T>(run: (core: ApideckCore) => Promise<UnifyResult<T>>): Promise<T> {
    const result = await run(await this.sdk());
    if (result.ok) return result.value;
    throw unifyError(result.error);
  }
}
