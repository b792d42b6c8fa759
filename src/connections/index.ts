import type { Clock } from '../toolkit/context.js';
import { ConnectionCache, type ClientFactories } from './cache.js';
import { githubClient } from './github.js';

/** Every connector: one factory per integration id. Each system's issue adds its own. */
export const CLIENT_FACTORIES: ClientFactories = {
  code_host: githubClient,
};

export function createConnectionCache(clock: Clock): ConnectionCache {
  return new ConnectionCache(CLIENT_FACTORIES, clock);
}
