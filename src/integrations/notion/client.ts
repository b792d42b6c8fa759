import type { Client } from '@notionhq/client';
import type { ClientContext } from '../integration.js';
import { lazySdk } from '../lazy-sdk.js';
import type { NotionCredentials } from './credentials.js';

declare module '../../toolkit/context.js' {
  interface ClientMap {
    notion: Client;
  }
}

type NotionSdk = typeof import('@notionhq/client');

let loadedSdk: NotionSdk | undefined;
/** The SDK, loaded on first need: every Notion client is made from it, so its error checks know their errors. */
export const loadNotionSdk = lazySdk(async () => (loadedSdk = await import('@notionhq/client')));

/** The SDK once a client has loaded it: an error it threw exists only then (see mapNotionError). */
export const notionSdkIfLoaded = (): NotionSdk | undefined => loadedSdk;

/** Notion's client on our fetch, the SDK loaded with the first client rather than at start-up. */
export async function notionClient(credentials: NotionCredentials, { fetch }: ClientContext): Promise<Client> {
  const { Client, LogLevel } = await loadNotionSdk();
  return new Client({
    auth: credentials.token,
    baseUrl: credentials.baseUrl?.replace(/\/$/, ''),
    fetch,
    // Our fetch carries the retries; the client's own are off. Its logs would reach stdout.
    retry: false,
    logLevel: LogLevel.ERROR,
    logger: () => undefined,
  });
}
