import { ClientMemory } from '../../integrations/client-memory.js';
import type { Clock } from '../../toolkit/context.js';

/** How long a user directory is kept: short, so that a new member or a changed email shows soon. */
export const DIRECTORY_LIFE_MS = 5 * 60_000;

// Keyed by the upstream client, which the client cache builds per tenant and credentials: two tenants never
// share a directory, and it goes with its client.
const directories = new WeakMap<object, ClientMemory>();

/**
 * One of an upstream's user directories (Slack's members, Confluence's users, a CRM's users...), read through
 * `client` at most once per DIRECTORY_LIFE_MS of `clock`. Concurrent readers share one read; a failed read is
 * not kept, so the next caller reads again.
 */
export function directoryRead<T>(client: object, clock: Clock, name: string, load: () => Promise<T>): Promise<T> {
  let memory = directories.get(client);
  if (!memory) directories.set(client, (memory = new ClientMemory(clock, DIRECTORY_LIFE_MS)));
  return memory.recall(`directory:${name}`, load);
}
