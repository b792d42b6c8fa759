import type { SystemOutline } from '../../src/catalog/outline.js';
import { CONFLUENCE_ENV, JIRA_ENV } from '../../src/integrations/atlassian/env.js';
import { GITHUB_ENV } from '../../src/integrations/github/env.js';

/** What the catalog knows of this system without loading its tools (see SystemOutline). */
export const outline: SystemOutline = {
  credentialVariables: [JIRA_ENV, GITHUB_ENV, CONFLUENCE_ENV].flatMap((env) => Object.values(env)),
};
