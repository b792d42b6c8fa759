import type { SystemAccess } from '../../src/catalog/access.js';
import { slackIntegration } from '../../src/integrations/slack/integration.js';
import { slackOAuth } from '../../src/integrations/slack/oauth.js';

/** What the system's tools reach (see SystemAccess). */
export const access: SystemAccess = {
  integrations: [slackIntegration],
  authorization: { family: 'chat', upstream: slackOAuth },
};
