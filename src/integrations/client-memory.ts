import { AppError } from '../toolkit/errors.js';
import { systemClock, type Clock } from '../toolkit/context.js';

/**
 * How long a client remembers what its calls would otherwise read again on every call (a workspace's
 * people, its databases). Real time, as the upstream changes outside the platform's clock; a refusal
 * that shows a remembered value changed reads it again sooner.
 */
const CLIENT_MEMORY_MS = 60_000;

/** Values one client remembers at most; the oldest is dropped first. */
const CLIENT_MEMORY_ENTRIES = 200;

interface Entry {
  value: Promise<unknown>;
  until: number;
}

/**
 * What one upstream client remembered for a short time, by key. Concurrent readers of a key share one
 * read; a failed read is not remembered.
 */
export class ClientMemory {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly lifeMs: number = CLIENT_MEMORY_MS,
  ) {}

  /**
   * The value remembered under `key`, else `load`'s (then remembered). A remembered value that `stale`
   * finds out of date (it lacks what an upstream answer names) is read again, once.
   */
  async recall<T>(key: string, load: () => Promise<T>, stale?: (value: T) => boolean): Promise<T> {
    const entry = this.entries.get(key);
    if (!entry || entry.until <= this.clock.now()) return this.refresh(key, load);
    const value = (await entry.value) as T;
    return stale?.(value) && this.entries.get(key) === entry ? this.refresh(key, load) : value;
  }

  /** Reads the value under `key` again and remembers it. */
  refresh<T>(key: string, load: () => Promise<T>): Promise<T> {
    const value = load();
    const entry: Entry = { value, until: this.clock.now() + this.lifeMs };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= CLIENT_MEMORY_ENTRIES) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** Forgets every value whose key starts with `prefix`. */
  forget(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /**
   * Runs `use` (reads and checks, never a write: it may run twice); when it refuses a name (NOT_FOUND,
   * VALIDATION_ERROR) that a remembered value under `prefix` may have missed, forgets them and runs once more.
   */
  async afresh<R>(prefix: string, use: () => Promise<R>): Promise<R> {
    const remembered = [...this.entries.keys()].some((key) => key.startsWith(prefix));
    try {
      return await use();
    } catch (error) {
      if (
        !remembered ||
        !(error instanceof AppError) ||
        (error.code !== 'NOT_FOUND' && error.code !== 'VALIDATION_ERROR')
      )
        throw error;
      this.forget(prefix);
      return use();
    }
  }
}

const memories = new WeakMap<object, ClientMemory>();

/**
 * The memory of one upstream client. The client cache builds a client per tenant and credentials (and
 * per user where each user has a grant), so what one remembers is never seen by another tenant or
 * other credentials; it goes with its client.
 */
export function memoryOf(client: object): ClientMemory {
  let memory = memories.get(client);
  if (!memory) memories.set(client, (memory = new ClientMemory()));
  return memory;
}

const lasting = new WeakMap<object, Map<number, ClientMemory>>();

/**
 * A memory of one upstream client whose values live `lifeMs` on `clock` (rarely changing answers: a site's
 * fields, a user directory), one per client and life, going with its client as `memoryOf`'s does.
 */
export function memoryLasting(client: object, lifeMs: number, clock: Clock = systemClock): ClientMemory {
  let byLife = lasting.get(client);
  if (!byLife) lasting.set(client, (byLife = new Map<number, ClientMemory>()));
  let memory = byLife.get(lifeMs);
  if (!memory) byLife.set(lifeMs, (memory = new ClientMemory(clock, lifeMs)));
  return memory;
}
