/** The environment variables Notion's credentials and base URL come from (one local user, stdio). */
export const NOTION_ENV = { token: 'NOTION_TOKEN', baseUrl: 'NOTION_API_URL' } as const;
