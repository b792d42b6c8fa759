import { memoryLasting } from '../../integrations/client-memory.js';
import type { Clock } from '../../toolkit/context.js';

/** How long a user directory is kept: short, so that a new member or a changed email shows soon. */
export const DIRECTORY_LIFE_MS = 5 * 60_000;

/**
 * One of an upstream's user directories (Slack's members, Confluence's users, a CRM's users...), read through
 * `client` at most once per DIRECTORY_LIFE_MS of `clock`. Concurrent readers share one read; a failed read is
 * not kept, so the next caller reads again.
 */
export function directoryRead<T>(client: object, clock: Clock, name: string, load: () => Promise<T>): Promise<T> {
  // Kept with the upstream client, which the client cache builds per tenant and credentials: two tenants never
  // share a directory.
  return memoryLasting(client, DIRECTORY_LIFE_MS, clock).recall(`directory:${name}`, load);
}
