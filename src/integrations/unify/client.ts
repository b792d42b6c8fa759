import type { ApideckCore } from '@apideck/unify/core.js';
import { classifyByStatus, upstreamError } from '../http-status.js';
import type { UpstreamFetch } from '../integration.js';
import { lazySdk } from '../lazy-sdk.js';
import { createUpstreamFetch } from '../upstream-fetch.js';
import { AppError } from '../../toolkit/errors.js';

/** Where the platform reaches Apideck: its API base, the application's key and id (config, or the sandbox in demo mode). */
export interface UnifySettings {
  baseUrl: string;
  apiKey: string;
  appId: string;
}

/** The result every standalone function of `@apideck/unify` resolves to. */
type UnifyResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

const TITLE = 'Apideck';

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
      : createUpstreamFetch({ title: TITLE, classifyResponse: classifyByStatus(TITLE) }, fetch);
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

interface ApideckFailure {
  httpMeta?: { response?: Response; body?: string };
  message?: string;
  detail?: unknown;
}

/**
 * The platform's error for an Apideck failure: the shared status table (401/403 become FORBIDDEN: the
 * platform's key was refused, 404, 400/422 VALIDATION_ERROR, 429 RATE_LIMITED with Retry-After, 5xx
 * UPSTREAM_ERROR), with Apideck's message and `detail`. Errors of our own (timeouts, AppErrors) pass through.
 */
export function unifyError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Error && error.cause instanceof AppError) return error.cause;
  const failure = error as ApideckFailure;
  const response = failure?.httpMeta?.response;
  if (!response)
    return new AppError(
      'UPSTREAM_ERROR',
      `${TITLE} call failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  const body = bodyOf(failure.httpMeta?.body);
  const detail = failure.detail ?? body?.detail;
  // The consumer has no connection for the unified API (or not the one named): the tenant must connect one first.
  if (body?.type_name === 'InvalidServiceIdError') {
    return new AppError(
      'NOT_CONFIGURED',
      `${typeof detail === 'string' ? detail : 'No connection for this unified API'}: authorize one through POST /auth/vault-session`,
      {
        upstreamStatus: response.status,
        cause: error,
      },
    );
  }
  const message =
    [failure.message, typeof detail === 'string' ? detail : undefined].filter(Boolean).join(': ') || undefined;
  return upstreamError(
    {
      status: response.status,
      headers: response.headers,
      message,
      details: detail === undefined ? undefined : { detail },
      cause: error,
    },
    TITLE,
  );
}

function bodyOf(text: string | undefined): { detail?: unknown; type_name?: unknown } | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}
