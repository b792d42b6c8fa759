import type { SystemOutline } from '../../src/catalog/outline.js';
import { JIRA_ENV } from '../../src/integrations/atlassian/env.js';
import { ticketMentions } from './mentions.js';

/** What the catalog knows of this system without loading its tools (see SystemOutline). */
export const outline: SystemOutline = {
  entityTypes: ['issue', 'project', 'user'],
  mentions: ticketMentions,
  credentialVariables: Object.values(JIRA_ENV),
};
