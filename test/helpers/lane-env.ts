/**
 * The environment a server under test reads its database from (see `pgLaneDatabaseEnv`): empty outside
 * Vitest, so that benches and scripts can use the test helpers without loading Vitest, which refuses to
 * be imported outside its runner.
 */
export async function laneDatabaseEnv(): Promise<Record<string, string>> {
  if (!process.env.VITEST) return {};
  const { pgLaneDatabaseEnv } = await import('./pg-lane.js');
  return pgLaneDatabaseEnv();
}
