import type { MetaMethod } from './meta.js';

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

const CALL_TIMEOUT_MS = 120_000;

interface ClientSettings {
  serverUrl: string;
  dataDir: string;
  headers: Record<string, string>;
}

/** Settings from the environment: server URL, data directory, and the credentials to send. */
export function clientSettings(env: NodeJS.ProcessEnv, homeDir: string): ClientSettings {
  const headers: Record<string, string> = {};
  if (env.CONSTELLATION_API_KEY) headers['X-API-KEY'] = env.CONSTELLATION_API_KEY;
  if (env.CONSTELLATION_TOKEN) headers.Authorization = `Bearer ${env.CONSTELLATION_TOKEN}`;
  return {
    serverUrl: (env.CONSTELLATION_SERVER_URL || 'http://127.0.0.1:8080').replace(/\/+$/, ''),
    dataDir: env.CONSTELLATION_DATA_DIR || `${homeDir}/.constellation`,
    headers,
  };
}

/** A query-string value: JSON parameters go JSON-encoded, the rest as their text. */
const queryValue = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/**
 * The URL and fetch options of a method call: GET sends query parameters, other methods a JSON body; a
 * confirmation token goes in its header.
 */
export function buildRequest(
  settings: ClientSettings,
  method: MetaMethod,
  values: Record<string, unknown>,
  confirmation?: string,
): { url: string; init: RequestInit } {
  const verb = (method.http_method || 'POST').toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json', ...settings.headers };
  if (confirmation) headers['X-Confirmation-Token'] = confirmation;
  let url = settings.serverUrl + method.path;
  if (verb === 'GET') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) query.set(name, queryValue(value));
    if ([...query].length) url += `?${query.toString()}`;
    return { url, init: { method: verb, headers } };
  }
  headers['Content-Type'] = 'application/json';
  return { url, init: { method: verb, headers, body: JSON.stringify(values) } };
}

export interface CallResult {
  status: number;
  ok: boolean;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: unknown;
}

export async function sendRequest(
  fetchImpl: FetchLike,
  request: { url: string; init: RequestInit },
): Promise<CallResult> {
  const response = await fetchImpl(request.url, { ...request.init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, ok: response.ok, body };
}

/** A short reason for a failed request: fetch hides the socket error in `cause`. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'timed out';
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `${error.message}: ${cause.code}`;
  return cause?.message ? `${error.message}: ${cause.message}` : error.message;
}
