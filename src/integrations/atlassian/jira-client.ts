import type { AgileClient, Version3Client } from 'jira.js';
import type { ClientContext } from '../integration.js';
import { lazySdk } from '../lazy-sdk.js';
import { atlassianSdkConfig, type AtlassianCredentials } from './site.js';

/** The SDK clients of one Jira site (the integration's `jira` client). */
export interface JiraClients {
  v3: Version3Client;
  agile: AgileClient;
}

declare module '../../toolkit/context.js' {
  interface ClientMap {
    jira: JiraClients;
  }
}

/**
 * A client whose SDK is imported on its first call: jira.js (with axios) takes about 200 ms to import,
 * which a process an MCP host spawns should not pay before anyone asks Jira anything. Property reads
 * (`v3.issues.getIssue`) build the call path; calling it loads the client once and calls the method on it.
 */
function lazyClient<T extends object>(load: () => Promise<T>): T {
  const client = lazySdk(load);
  const at = (path: readonly string[]): unknown =>
    new Proxy(() => undefined, {
      // Not a thenable: awaiting a client must not look like a call.
      get: (_target, property) =>
        property === 'then' || typeof property === 'symbol' ? undefined : at([...path, property]),
      apply: async (_target, _this, args: unknown[]) => {
        let owner: unknown = await client();
        for (const name of path.slice(0, -1)) owner = (owner as Record<string, unknown>)[name];
        const method = (owner as Record<string, unknown>)[path[path.length - 1]];
        if (typeof method !== 'function') throw new TypeError(`jira.js has no method ${path.join('.')}`);
        return (method as (...a: unknown[]) => unknown).apply(owner, args);
      },
    });
  return at([]) as T;
}

/** jira.js's platform (v3) and agile clients of one site, on our fetch. */
export function jiraClients(credentials: AtlassianCredentials, { fetch }: ClientContext): JiraClients {
  const config = atlassianSdkConfig(credentials.baseUrl.replace(/\/$/, ''), credentials, fetch);
  const sdk = lazySdk(() => import('jira.js'));
  return {
    v3: lazyClient<Version3Client>(async () => new (await sdk()).Version3Client(config)),
    agile: lazyClient<AgileClient>(async () => new (await sdk()).AgileClient(config)),
  };
}
