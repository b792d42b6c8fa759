import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMeta, type Meta } from './meta.js';
import { describeFailure, type FetchLike } from './request.js';

/** How long a fetched meta is used without asking the server again. */
export const META_TTL_MS = 60 * 60 * 1000;
const META_CACHE_FILE = 'meta-cache.json';
const META_TIMEOUT_MS = 10_000;

/** The cache file: one entry per server URL. */
interface MetaCacheEntry {
  fetched_at: string;
  meta: Meta;
}
type MetaCacheFile = Record<string, MetaCacheEntry>;

interface LoadMetaOptions {
  serverUrl: string;
  dataDir: string;
  headers: Record<string, string>;
  fetch: FetchLike;
  warn: (line: string) => void;
  now?: () => number;
  /** Ask the server even when the cache is fresh. */
  force?: boolean;
}

/** `cache`: fresh cache, no request; `network`: fetched now; `stale`: the server could not be reached, an old cache is used. */
type MetaSource = 'cache' | 'network' | 'stale';

async function readMetaCache(dataDir: string): Promise<MetaCacheFile> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dataDir, META_CACHE_FILE), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const entries = Object.entries(parsed as Record<string, Partial<MetaCacheEntry>>).filter(
      ([, entry]) => typeof entry?.fetched_at === 'string' && isMeta(entry.meta),
    );
    return Object.fromEntries(entries) as MetaCacheFile;
  } catch {
    return {}; // missing or unreadable: no cache
  }
}

async function writeMetaCache(dataDir: string, serverUrl: string, entry: MetaCacheEntry): Promise<void> {
  const file = join(dataDir, META_CACHE_FILE);
  const all = { ...(await readMetaCache(dataDir)), [serverUrl]: entry };
  await mkdir(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(all)}\n`, { mode: 0o600 });
  await rename(temporary, file); // readers never see a half-written file
}

async function fetchMeta(options: LoadMetaOptions): Promise<Meta> {
  const response = await options.fetch(`${options.serverUrl}/v1/meta`, {
    headers: { Accept: 'application/json', ...options.headers },
    signal: AbortSignal.timeout(META_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  const body: unknown = await response.json().catch(() => undefined);
  if (!isMeta(body)) throw new Error('the answer is not a method meta record');
  return body;
}

export function age(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}

/**
 * The server's method meta: from the cache when under an hour old, else from `GET /v1/meta` (and cached);
 * when the server cannot be reached an older cache is used, with a warning.
 */
export async function loadMeta(options: LoadMetaOptions): Promise<{ meta: Meta; source: MetaSource }> {
  const now = options.now ?? Date.now;
  const cached = (await readMetaCache(options.dataDir))[options.serverUrl];
  const fetchedAt = cached ? Date.parse(cached.fetched_at) : Number.NaN;
  const fresh = cached && Number.isFinite(fetchedAt) && now() - fetchedAt >= 0 && now() - fetchedAt < META_TTL_MS;
  if (cached && fresh && !options.force) return { meta: cached.meta, source: 'cache' };

  let meta: Meta;
  try {
    meta = await fetchMeta(options);
  } catch (error) {
    const reason = describeFailure(error);
    if (!cached)
      throw new Error(
        `cannot load the method list from ${options.serverUrl}/v1/meta: ${reason} (is the server running? set CONSTELLATION_SERVER_URL)`,
        { cause: error },
      );
    if (fresh) return { meta: cached.meta, source: 'cache' }; // a forced refresh failed: the cache is still good
    const when = Number.isFinite(fetchedAt) ? `${age(now() - fetchedAt)} old` : 'of unknown age';
    options.warn(
      `constellation call: warning: cannot reach ${options.serverUrl} (${reason}); using the cached method list (${when})`,
    );
    return { meta: cached.meta, source: 'stale' };
  }
  try {
    await writeMetaCache(options.dataDir, options.serverUrl, { fetched_at: new Date(now()).toISOString(), meta });
  } catch (error) {
    options.warn(
      `constellation call: warning: could not write the method cache in ${options.dataDir}: ${describeFailure(error)}`,
    );
  }
  return { meta, source: 'network' };
}
