import { Client, LogLevel } from '@notionhq/client';
import type { ClientContext } from '../integration.js';
import type { NotionCredentials } from './credentials.js';

declare module '../../toolkit/context.js' {
  interface ClientMap {
    notion: Client;
  }
}

/** Notion's client on our fetch. */
export function notionClient(credentials: NotionCredentials, { fetch }: ClientContext): Client {
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
