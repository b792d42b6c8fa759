import type { ToolDefinition } from '../../toolkit/define-tool.js';
import type { SystemRecord } from '../../toolkit/registry.js';
import { termsOf, tokens } from './text.js';

/** A flow from one thing to another: "from a ticket to its deploy", "tickets through prs". */
const FLOW = / from .+ (to|through|into|until|till) | through /;

/**
 * Whether a request asks across the systems a tool joins ("jira ticket to deploy") while naming only one:
 * "how long from a jira ticket to its code being deployed" names Jira, and deployments are GitHub's. It
 * asks from one system's thing to another's ("deploy frequency from jira" is Jira's own figure).
 */
export class SystemSpans {
  /** Each system's keywords, each as its terms ("pull request": pull, request). */
  private readonly keywords: ReadonlyMap<string, string[][]>;

  constructor(systems: readonly SystemRecord[]) {
    this.keywords = new Map(systems.map((s) => [s.id, s.keywords.map((k) => termsOf(tokens(k)))]));
  }

  /**
   * Whether a request asks a tool joining systems of one system's thing alone, naming no second product and
   * not all of them ("what's on my calendar today" asks one calendar, not all one's open work).
   */
  oneThingAsked(tool: ToolDefinition, named: ReadonlySet<string>, terms: readonly string[], all: boolean): boolean {
    const requires = tool.capability.requires ?? [];
    if (requires.length < 2 || all || named.size > 1) return false;
    const said = (keyword: readonly string[]) => keyword.every((t) => terms.includes(t));
    return requires.some((s) => (this.keywords.get(s) ?? []).some(said));
  }

  asked(tool: ToolDefinition, named: ReadonlySet<string>, terms: readonly string[], text: string): boolean {
    const requires = tool.capability.requires ?? [];
    if (requires.length < 2 || !FLOW.test(text) || !requires.some((s) => named.has(s))) return false;
    const said = (keyword: readonly string[]) => keyword.every((t) => terms.includes(t));
    return requires.some((s) => !named.has(s) && (this.keywords.get(s) ?? []).some(said));
  }
}
