import { defineIntegration } from '../integration.js';
import { nodeHttpFetch } from '../node-http-fetch.js';
import { notionClient } from './client.js';
import { NotionCredentials } from './credentials.js';
import { mapNotionError, notionFailure } from './errors.js';
import { NOTION_ENV } from './env.js';

/** Notion through @notionhq/client, with an integration token from a JWT's connections or the environment. */
export const notionIntegration = defineIntegration({
  id: 'notion',
  title: 'Notion',
  connectionKeys: ['notes'],
  credentials: NotionCredentials,
  sources: ['jwt', 'env'],
  env: NOTION_ENV,
  // The SDK sends JSON text and reads whole answers: node:http sends them at a fraction of fetch's cost.
  transport: nodeHttpFetch(),
  createClient: notionClient,
  classifyResponse: (response) =>
    response.status >= 400 ? notionFailure(response.status, response.headers, undefined, undefined) : undefined,
  mapError: mapNotionError,
  demo: () => import('./demo.js').then((m) => m.notionDemo),
});
