import type { ConfluenceClient } from 'confluence.js';
import { AppError } from '../../src/toolkit/errors.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Json = Record<string, unknown>;

/**
 * Confluence through confluence.js 2.1. That SDK speaks REST v1, much of which Confluence Cloud has
 * deprecated; `v2()` calls the v2 endpoints (`/wiki/api/v2`) through the SDK's own request layer
 * (`sendRequest`: its authentication, our fetch). v1 stays for what v2 lacks: CQL search, user search,
 * the current user, adding labels and archiving.
 */
export class WikiApi {
  /** The transport's own failure (timeout, refused connection): confluence.js hides it behind a TypeError. */
  private transportFailure: unknown;

  constructor(
    readonly sdk: ConfluenceClient,
    /** Site root, e.g. `https://acme.atlassian.net` (no `/wiki`). */
    readonly site: string,
  ) {}

  recordTransportFailure(error: unknown): void {
    this.transportFailure = error;
  }

  /** Runs an SDK call; a transport failure surfaces as itself (confluence.js reads `response.data` of an answer that never came). */
  async call<T>(request: () => Promise<T>): Promise<T> {
    this.transportFailure = undefined;
    try {
      return await request();
    } catch (error) {
      if (error instanceof TypeError && this.transportFailure) throw this.transportFailure;
      throw error;
    }
  }

  v2<T = Json>(method: Method, path: string, options: { params?: Record<string, string | number | undefined>; data?: unknown } = {}): Promise<T> {
    return this.call(() => this.sdk.sendRequest<T>({ url: `${this.site}/wiki/api/v2${path}`, method, params: options.params, data: options.data }, undefined as never));
  }

  /** Every item of a v2 list, following `_links.next` cursors, up to `max`. */
  async v2All<T = Json>(path: string, params: Record<string, string | number | undefined>, max = 1000): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.v2<{ results: T[]; _links?: { next?: string } }>('GET', path, { params: { ...params, limit: Math.min(250, max), cursor } });
      out.push(...page.results);
      cursor = page._links?.next ? (new URL(page._links.next, 'http://site').searchParams.get('cursor') ?? undefined) : undefined;
    } while (cursor && out.length < max);
    return out.slice(0, max);
  }

  /** An absolute web link from a `_links.webui` path. */
  web(path: string | undefined): string {
    return path ? `${this.site}/wiki${path}` : '';
  }
}

export const isNotFound = (error: unknown): boolean => (error as { statusCode?: unknown } | undefined)?.statusCode === 404;

/** Runs a request about one page; its 404 names the page. */
export async function forPage<T>(pageId: string, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (isNotFound(error)) throw new AppError('NOT_FOUND', `Confluence page ${pageId} not found (or not visible to this account)`, { upstreamStatus: 404, cause: error });
    throw error;
  }
}
