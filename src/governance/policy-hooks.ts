import type { ToolDefinition } from '../toolkit/define-tool.js';

/**
 * What a tenant's governance policy decides for the hooks that ask it (the audit, the secret guard, the
 * confirmations): the defaults below, or the stored policy (`policy/tenant-policies.ts`) once its tenant's
 * policy is loaded for the call. `userId` is the caller's user (the token's user email).
 */
export interface GovernancePolicy {
  /** Whether the audit log keeps argument values (secrets redacted), not only their digest. */
  keepsArgumentValues(tenantId: string, userId?: string): boolean;
  /** Whether a tool's arguments may carry credentials upstream without being refused. */
  bypassesSecretScan(tenantId: string, tool: string, userId?: string): boolean;
  /** Whether credentials in a tool's results reach the caller unmasked. */
  showsSecretsInResults(tenantId: string, tool: string, userId?: string): boolean;
  /** Whether a call of the tool needs a person's confirmation: every destructive tool, and those the policy names. */
  needsConfirmation(tenantId: string, userId: string | undefined, tool: ToolDefinition): boolean;
  /** Whether a caller may confirm by repeating the call with the confirmation's token, without a person. */
  allowsTokenConfirmation(tenantId: string): boolean;
}

export const isDestructive = (tool: ToolDefinition): boolean =>
  tool.capability.type === 'action' && tool.capability.destructive === true;

export const DEFAULT_POLICY: GovernancePolicy = {
  keepsArgumentValues: () => false,
  bypassesSecretScan: () => false,
  showsSecretsInResults: () => false,
  needsConfirmation: (_tenantId, _userId, tool) => isDestructive(tool),
  allowsTokenConfirmation: () => false,
};
