import { AsyncLocalStorage } from 'node:async_hooks';
import type { ConfluenceClient } from 'confluence.js';
import { upstreamError } from '../http-status.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Json = Record<string, unknown>;

/** What the transport saw of one SDK call: a failed answer's status and headers, or its own error. */
interface CallRecord {
  response?: { status: number; headers: Headers };
  transport?: unknown;
}
const calls = new AsyncLocalStorage<CallRecord>();

/** The fetch the SDK gets: ours, noting for the current call what confluence.js will not pass on. */
export function recordingFetch(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const record = calls.getStore();
    try {
      const response = await fetch(input, init);
      if (record && response.status >= 400) record.response = { status: response.status, headers: response.headers };
      return response;
    } catch (error) {
      if (record) record.transport = error;
      throw error;
    }
  };
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.slice(0, 300) || undefined;
  const b = body as { message?: unknown; errors?: Array<{ title?: unknown; detail?: unknown }> } | undefined;
  if (typeof b?.message === 'string') return b.message;
  const first = b?.errors?.[0];
  return first
    ? [first.title, first.detail].filter((p) => typeof p === 'string' && p).join(': ') || undefined
    : undefined;
}

/**
 * Confluence through confluence.js 2.1. That SDK speaks REST v1, much of which Confluence Cloud has
 * deprecated; `v2()` calls the v2 endpoints (`/wiki/api/v2`) through the SDK's own request layer
 * (`sendRequest`: its authentication, our fetch). v1 stays for what v2 lacks: CQL search, user search,
 * the current user, adding labels and archiving.
 */
export class ConfluenceApi {
  constructor(
    /**
     * The SDK's client, loaded on first use (see lazySdk): confluence.js (axios, zod and every API module)
     * takes ~300 ms to import.
     */
    private readonly load: () => Promise<ConfluenceClient>,
    /** Site root, e.g. `https://acme.atlassian.net` (no `/wiki`). */
    readonly site: string,
  ) {}

  /**
   * Runs an SDK call. confluence.js throws only a failed answer's body (no status, no headers) and, when
   * no answer came, a TypeError; the status, `Retry-After` and the transport's own error are taken from
   * what our fetch saw during this call.
   */
  async call<T>(request: (sdk: ConfluenceClient) => Promise<T>): Promise<T> {
    const record: CallRecord = {};
    const sdk = await this.load();
    try {
      return await calls.run(record, () => request(sdk));
    } catch (error) {
      if (record.transport)
        throw record.transport instanceof Error ? record.transport : new Error(String(record.transport));
      if (record.response)
        throw upstreamError({ ...record.response, message: messageOf(error), cause: error }, 'Confluence');
      throw error;
    }
  }

  v2<T = Json>(
    method: Method,
    path: string,
    options: { params?: Record<string, string | number | undefined>; data?: unknown } = {},
  ): Promise<T> {
    return this.call((sdk) =>
      sdk.sendRequest<T>(
        { url: `${this.site}/wiki/api/v2${path}`, method, params: options.params, data: options.data },
        undefined as never,
      ),
    );
  }

  /** Every item of a v2 list, following `_links.next` cursors, up to `max`. */
  async v2All<T = Json>(path: string, params: Record<string, string | number | undefined>, max = 1000): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.v2<{ results: T[]; _links?: { next?: string } }>('GET', path, {
        params: { ...params, limit: Math.min(250, max), cursor },
      });
      out.push(...page.results);
      cursor = page._links?.next
        ? (new URL(page._links.next, 'http://site').searchParams.get('cursor') ?? undefined)
        : undefined;
    } while (cursor && out.length < max);
    return out.slice(0, max);
  }

  /** An absolute web link from a `_links.webui` path. */
  web(path: string | undefined): string {
    return path ? `${this.site}/wiki${path}` : '';
  }
}
