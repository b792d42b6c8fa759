/** The environment variables Jira's site and credentials come from (one local user, stdio). */
export const JIRA_ENV = { baseUrl: 'JIRA_BASE_URL', email: 'JIRA_EMAIL', apiToken: 'JIRA_API_TOKEN' } as const;

/** The environment variables Confluence's site and credentials come from (one local user, stdio). */
export const CONFLUENCE_ENV = {
  baseUrl: 'CONFLUENCE_BASE_URL',
  email: 'CONFLUENCE_EMAIL',
  apiToken: 'CONFLUENCE_API_TOKEN',
} as const;
