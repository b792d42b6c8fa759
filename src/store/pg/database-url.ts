/** The environment variable that selects the PostgreSQL backend and names its database. */
export const DATABASE_URL_VARIABLE = 'CONSTELLATION_DATABASE_URL';

/** The configured PostgreSQL URL, when the installation uses PostgreSQL rather than its SQLite file. */
export function databaseUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const url = env[DATABASE_URL_VARIABLE]?.trim();
  return url ? url : undefined;
}
