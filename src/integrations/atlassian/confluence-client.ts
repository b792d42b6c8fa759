import type { ClientContext } from '../integration.js';
import { lazySdk } from '../lazy-sdk.js';
import { ConfluenceApi, recordingFetch } from './confluence-api.js';
import { atlassianSdkConfig, type AtlassianCredentials } from './site.js';

declare module '../../toolkit/context.js' {
  interface ClientMap {
    confluence: ConfluenceApi;
  }
}

/** A site's Confluence API; confluence.js is imported on the first call. */
export function confluenceClient(credentials: AtlassianCredentials, { fetch }: ClientContext): ConfluenceApi {
  const site = credentials.baseUrl.replace(/\/+$/, '').replace(/\/wiki$/, '');
  return new ConfluenceApi(
    lazySdk(async () => {
      const { ConfluenceClient } = await import('confluence.js');
      return new ConfluenceClient(atlassianSdkConfig(site, credentials, recordingFetch(fetch)));
    }),
    site,
  );
}
