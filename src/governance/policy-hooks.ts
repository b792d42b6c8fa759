import type { ToolDefinition } from '../toolkit/define-tool.js';

/**
 * What a tenant's governance policy will decide, answered with today's defaults until the policy exists:
 * the one place to switch them.
 */
export interface GovernancePolicy {
  /** Whether the audit log keeps argument values (secrets redacted), not only their digest. */
  keepsArgumentValues(tenantId: string): boolean;
  /** Whether a tool's arguments may carry credentials upstream without being refused. */
  bypassesSecretScan(tenantId: string, tool: string): boolean;
  /** Whether credentials in a tool's results reach the caller unmasked. */
  showsSecretsInResults(tenantId: string, tool: string): boolean;
  /** Whether a call of the tool needs a person's confirmation first (every destructive tool, at least). */
  needsConfirmation(tenantId: string, userId: string | undefined, tool: ToolDefinition): boolean;
  /** Whether a caller may confirm by repeating the call with the confirmation's token, without a person. */
  allowsTokenConfirmation(tenantId: string): boolean;
}

export const DEFAULT_POLICY: GovernancePolicy = {
  keepsArgumentValues: () => false,
  bypassesSecretScan: () => false,
  showsSecretsInResults: () => false,
  needsConfirmation: (_tenantId, _userId, tool) => tool.capability.destructive === true,
  allowsTokenConfirmation: () => false,
};
