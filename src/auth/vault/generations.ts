import { randomBytes } from 'node:crypto';

/** One user's grant for one provider, as generations are kept. */
export interface GrantKey {
  tenantId: string;
  userEmail: string;
  provider: string;
}

/**
 * Which version of each user's grant is current. It changes whenever the grant is replaced or removed
 * (never when its tokens are only refreshed), so whatever is keyed by it cannot serve what one grant
 * allowed under another. Cached requests read it every time: a lookup must cost no store read.
 */
export interface GrantGenerations {
  current(grant: GrantKey): string;
  /** Starts a new generation of the grant; listeners hear of it, and have finished, before this resolves. */
  advance(grant: GrantKey): Promise<void>;
  onAdvance(listener: GenerationListener): void;
}

/** Hears of a grant's new generation; the change's answer waits for what it returns. */
type GenerationListener = (grant: GrantKey) => void | Promise<void>;

const keyOf = (grant: GrantKey): string =>
  JSON.stringify([grant.tenantId, grant.userEmail.trim().toLowerCase(), grant.provider]);

/**
 * The generations of one process, in memory. A fleet needs them shared (every process must see a
 * revocation), which another implementation of the interface can do. Each value carries a nonce of
 * this process, so a restart never repeats a generation an earlier process keyed results with (the
 * analytics cache outlives the process).
 */
export class LocalGrantGenerations implements GrantGenerations {
  private readonly process = randomBytes(6).toString('base64url');
  private readonly counters = new Map<string, number>();
  private readonly listeners: GenerationListener[] = [];

  current(grant: GrantKey): string {
    return `${this.process}.${this.counters.get(keyOf(grant)) ?? 0}`;
  }

  async advance(grant: GrantKey): Promise<void> {
    const key = keyOf(grant);
    this.counters.set(key, (this.counters.get(key) ?? 0) + 1);
    for (const listener of this.listeners) await listener(grant);
  }

  onAdvance(listener: GenerationListener): void {
    this.listeners.push(listener);
  }
}
