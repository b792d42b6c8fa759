import { classifyByStatus } from '../http-status.js';
import { defineIntegration } from '../integration.js';
import { slackClients } from './client.js';
import { SlackCredentials } from './credentials.js';
import { mapSlackError } from './errors.js';

/** Slack for each user: their installation of the app (the chat OAuth flow), bot and user tokens from the vault. */
export const slackIntegration = defineIntegration({
  id: 'slack',
  title: 'Slack',
  connectionKeys: ['chat'],
  credentials: SlackCredentials,
  sources: ['vault'],
  createClient: slackClients,
  classifyResponse: classifyByStatus('Slack'),
  mapError: mapSlackError,
  demo: () => import('./demo.js').then((m) => m.slackDemo),
});
