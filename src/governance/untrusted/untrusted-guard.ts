import type { Caller, Clock } from '../../toolkit/context.js';
import type { ToolDefinition } from '../../toolkit/define-tool.js';
import { UNTRUSTED_CONTENT_KEY } from './fence.js';
import { distinctiveValues, FlaggedValues, type FlaggedSource } from './flagged-values.js';
import { carriesPeopleText } from '../../toolkit/result-schema.js';
import { provenanceBlock, untrustedFieldsOf } from './provenance.js';

/** How long a flagged value keeps an action carrying it behind a person's confirmation. */
export const FLAGGED_VALUES_TTL_MS = 10 * 60_000;

/** Why an action needs a confirmation: it carries a value taken from flagged content its caller was given. */
export interface Taint {
  value: string;
  source: FlaggedSource;
}

/**
 * Untrusted content, marked and tracked: results of tools that return what people wrote carry a provenance
 * block (who wrote which field, inside or outside the organisation, what reads like instructions to an
 * assistant); the distinctive values of flagged fields are remembered for their caller, and an action
 * carrying one is a tainted call (the confirmation gate asks a person).
 */
export class UntrustedContent {
  private readonly flaggedValues: FlaggedValues;

  constructor(clock: Clock, ttlMs = FLAGGED_VALUES_TTL_MS) {
    this.flaggedValues = new FlaggedValues(clock, ttlMs);
  }

  /** The organisation is the caller's own email domain: authors on it are inside, on others outside. */
  private domainsOf(caller: Caller): string[] {
    const domain = caller.userEmail?.split('@')[1]?.toLowerCase();
    return domain ? [domain] : [];
  }

  mark(caller: Caller, tool: ToolDefinition, result: Record<string, unknown>): Record<string, unknown> {
    if (!carriesPeopleText(tool)) return result;
    const fields = untrustedFieldsOf(tool.system, result, this.domainsOf(caller));
    if (fields.length === 0) return result;
    for (const field of fields)
      if (field.flagged)
        this.flaggedValues.remember(caller, distinctiveValues(field.text), {
          tool: tool.qualifiedName,
          path: field.path,
          ...(field.author ? { author: field.author } : {}),
          rules: field.flagged,
        });
    return { ...result, [UNTRUSTED_CONTENT_KEY]: provenanceBlock(tool.system, fields) };
  }

  /** The flagged value an action's arguments carry, if any. */
  taintOf(caller: Caller, tool: ToolDefinition, args: Record<string, unknown>): Taint | undefined {
    return tool.capability.type === 'action' ? this.flaggedValues.carriedBy(caller, args) : undefined;
  }

  forgetTenant(tenantId: string): void {
    this.flaggedValues.forgetTenant(tenantId);
  }
}

/** The taint in words, for the refusal and the audit record. */
export const taintReason = ({ value, source }: Taint): string =>
  `its arguments carry ${value}, taken from flagged content (${source.tool} ${source.path}` +
  `${source.author ? ` by ${source.author}` : ''}: ${source.rules.join(', ')})`;
