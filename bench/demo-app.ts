import type { App } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { silentLogger } from '../src/config/logger.js';
import type { DemoEnvironment } from '../src/demo/environment.js';
import { createDemoApp } from '../src/demo/start-demo.js';
import { SANDBOX_EPOCH } from '../src/sandbox/server.js';
import type { Caller } from '../src/toolkit/context.js';

export interface DemoBench {
  app: App;
  demo: DemoEnvironment;
  /** A demo user of acme. */
  caller: Caller;
}

/**
 * The app in demo mode for a bench: in-memory store, the sandbox's fakes in-process, the clock standing
 * still at the seed's "now". A still clock renews no rate-limit window, so the sandbox counts requests
 * against the upstreams' budgets but never refuses them. Close with `app.close()`.
 */
export async function startDemoBench(): Promise<DemoBench> {
  const config = loadConfig(
    {
      CONSTELLATION_ENV: 'test',
      CONSTELLATION_API_KEY: 'bench-api-key-0123456789',
      CONSTELLATION_JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
    },
    { databaseFile: ':memory:', demo: true, port: 0, logLevel: 'error' },
  );
  const { app, demo } = await createDemoApp(
    config,
    { clock: { now: () => SANDBOX_EPOCH }, log: silentLogger },
    { rateLimits: 'count' },
  );
  return { app, demo, caller: demo.callerOf('acme') };
}
