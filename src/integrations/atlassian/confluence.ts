import { classifyByStatus } from '../http-status.js';
import { defineIntegration } from '../integration.js';
import { confluenceClient } from './confluence-client.js';
import { confluenceFailure } from './confluence-errors.js';
import { AtlassianCredentials } from './site.js';
import { CONFLUENCE_ENV } from './env.js';

/** Confluence Cloud through confluence.js (imported on first call) and its v2 endpoints. */
export const confluenceIntegration = defineIntegration({
  id: 'confluence',
  title: 'Confluence',
  connectionKeys: ['wiki'],
  credentials: AtlassianCredentials,
  sources: ['jwt', 'env'],
  env: CONFLUENCE_ENV,
  createClient: confluenceClient,
  classifyResponse: classifyByStatus('Confluence'),
  mapError: confluenceFailure,
  demo: () => import('./demo.js').then((m) => m.confluenceDemo),
});
