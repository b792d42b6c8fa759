import { classifyByStatus } from '../http-status.js';
import { defineIntegration } from '../integration.js';
import { googleClients } from './client.js';
import { GoogleCredentials } from './credentials.js';
import { mapGoogleError } from './errors.js';

/** Google Workspace for each user: their own consent (the suite OAuth flow), their tokens from the vault. */
export const googleIntegration = defineIntegration({
  id: 'google',
  title: 'Google',
  connectionKeys: ['suite'],
  credentials: GoogleCredentials,
  sources: ['vault'],
  createClient: googleClients,
  classifyResponse: classifyByStatus('Google'),
  mapError: mapGoogleError,
  demo: () => import('./demo.js').then((m) => m.googleDemo),
});
