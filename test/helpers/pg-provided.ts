/** What the PostgreSQL lane's global setup hands to its test files (vitest `provide`/`inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's admin database URL. */
    pgAdminUrl: string;
  }
}

/** The database every migrated test database is copied from. */
export const PG_TEMPLATE = 'constellation_template';
