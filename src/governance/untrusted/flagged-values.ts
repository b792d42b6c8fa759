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
      if (value.replace(/\D/g, '').length < 8 && !/[a-z]/.test(value)) continue;
      found.add(value);
      // A link is as telling without the query an exfiltrating image fills in.
      if (/^https?:/.test(value)) found.add(value.replace(/[?#].*$/, ''));
    }
  return [...found];
}

/** Characters that continue a value: `…/c/1` is not carried by `…/c/101`, nor `a@b.example` by `xa@b.example`. */
const CONTINUES = /[\w+/@-]/;

/** Whether the text holds the value whole, not as part of a longer one. */
function carries(text: string, value: string): boolean {
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + value.length] ?? ' ';
    if (!CONTINUES.test(before) && !CONTINUES.test(after)) return true;
  }
  return false;
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
      else if (carries(text, value)) return { value, source };
    }
    return undefined;
  }

  forgetTenant(tenantId: string): void {
    for (const key of this.byUser.keys()) if (key.startsWith(`${tenantId}\u0000`)) this.byUser.delete(key);
  }
}
