import type { z } from 'zod';
import { postgresUrl, wholeNumberFrom } from './env-readers.js';

/** Where the installation keeps its data, beyond the SQLite file (`CONSTELLATION_DATABASE`). */
export interface DatabaseSettings {
  /** PostgreSQL instead of the SQLite file (CONSTELLATION_DATABASE_URL, postgres://user:password@host/db). */
  url?: string;
  /** Most connections one server holds to PostgreSQL (CONSTELLATION_DATABASE_POOL_MAX). */
  poolMax: number;
  /** How long a call waits for a connection before answering 503 (CONSTELLATION_DATABASE_CONNECT_TIMEOUT, seconds). */
  connectTimeoutMs: number;
}

/** The variables `DatabaseSettings` are read from, for the configuration's one schema. */
export const DATABASE_VARIABLES = {
  CONSTELLATION_DATABASE_URL: postgresUrl('CONSTELLATION_DATABASE_URL'),
  CONSTELLATION_DATABASE_POOL_MAX: wholeNumberFrom('CONSTELLATION_DATABASE_POOL_MAX', 1, 10),
  CONSTELLATION_DATABASE_CONNECT_TIMEOUT: wholeNumberFrom('CONSTELLATION_DATABASE_CONNECT_TIMEOUT', 1, 5),
} as const;

type DatabaseVariables = { [K in keyof typeof DATABASE_VARIABLES]: z.output<(typeof DATABASE_VARIABLES)[K]> };

export function databaseSettingsOf(v: DatabaseVariables): DatabaseSettings {
  return {
    url: v.CONSTELLATION_DATABASE_URL,
    poolMax: v.CONSTELLATION_DATABASE_POOL_MAX,
    connectTimeoutMs: v.CONSTELLATION_DATABASE_CONNECT_TIMEOUT * 1000,
  };
}
