import type { Caller, Clock } from '../../toolkit/context.js';

/** Where a remembered value came from: the flagged field of a result the same user was given. */
export interface FlaggedSource {
  tool: string;
  path: string;
  author?: string;
  rules: string[];
}

/** Values distinctive enough that an action carrying one most likely copied it: emails, URLs, phone numbers, long tokens. */
const DISTINCTIVE: readonly RegExp[] = [
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /https?:\/\/[^\s<>"')\]]+/g,
  /\+?\d[\d ().-]{7,}\d/g,
  /\b[A-Za-z0-9_-]{24,}\b/g,
];
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

export function distinctiveValues(text: string): string[] {
  const found = new Set<string>();
  for (const pattern of DISTINCTIVE)
    for (const match of text.matchAll(pattern)) {
      const value = match[0].replace(TRAILING_PUNCTUATION, '').toLowerCase();
      if (value.replace(/\D/g, '').length >= 8 || /[a-z]/.test(value)) found.add(value);
    }
  return [...found];
}

/** Most values remembered per user: the oldest go first. */
const MOST_PER_USER = 1_000;

/**
 * Per tenant and user, for a few minutes, the distinctive values of flagged content they were given. Kept
 * in the node's memory: on a fleet each node knows what it served (see README, Untrusted content).
 */
export class FlaggedValues {
  private readonly byUser = new Map<string, Map<string, { source: FlaggedSource; until: number }>>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  private keyOf(caller: Caller): string {
    return `${caller.tenantId}\u0000${caller.userEmail ?? ''}`;
  }

  remember(caller: Caller, values: readonly string[], source: FlaggedSource): void {
    if (values.length === 0) return;
    const key = this.keyOf(caller);
    const held = this.byUser.get(key) ?? new Map<string, { source: FlaggedSource; until: number }>();
    const until = this.clock.now() + this.ttlMs;
    for (const value of values) {
      held.delete(value);
      held.set(value, { source, until });
    }
    for (const oldest of held.keys()) {
      if (held.size <= MOST_PER_USER) break;
      held.delete(oldest);
    }
    this.byUser.set(key, held);
  }

  /** The first remembered value the arguments carry, with its source; expired values are forgotten on the way. */
  carriedBy(caller: Caller, args: Record<string, unknown>): { value: string; source: FlaggedSource } | undefined {
    const held = this.byUser.get(this.keyOf(caller));
    if (!held) return undefined;
    const now = this.clock.now();
    const text = JSON.stringify(args).toLowerCase();
    for (const [value, { source, until }] of held) {
      if (until < now) held.delete(value);
      else if (text.includes(value)) return { value, source };
    }
    return undefined;
  }

  forgetTenant(tenantId: string): void {
    for (const key of this.byUser.keys()) if (key.startsWith(`${tenantId}\u0000`)) this.byUser.delete(key);
  }
}
