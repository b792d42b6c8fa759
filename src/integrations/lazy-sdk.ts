/**
 * An upstream SDK (or a client built from it) loaded on first use and remembered: an MCP host spawns the
 * server for every session, and an SDK nobody has asked for yet should not cost start-up time. A load
 * that fails is forgotten, so the next use tries again instead of failing for the life of the process.
 *
 * `lazySdk(() => import('jira.js'))` gives `() => Promise<typeof import('jira.js')>`.
 */
export function lazySdk<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
