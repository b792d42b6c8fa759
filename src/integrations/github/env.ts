/** The environment variables GitHub's credentials and base URL come from (one local user, stdio). */
export const GITHUB_ENV = { token: 'GITHUB_TOKEN', baseUrl: 'GITHUB_API_URL' } as const;
