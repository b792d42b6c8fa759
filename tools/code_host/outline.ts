import type { SystemOutline } from '../../src/catalog/outline.js';
import { GITHUB_ENV } from '../../src/integrations/github/env.js';
import { pullRequestMentions, repositoryMentions } from './mentions.js';

/** What the catalog knows of this system without loading its tools (see SystemOutline). */
export const outline: SystemOutline = {
  entityTypes: ['repository', 'issue', 'pull_request', 'deployment', 'user'],
  mentions: [...repositoryMentions, ...pullRequestMentions],
  credentialVariables: Object.values(GITHUB_ENV),
};
