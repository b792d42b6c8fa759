import type { Caller } from '../../toolkit/context.js';
import type { ToolDefinition } from '../../toolkit/define-tool.js';
import { isDestructive, type GovernancePolicy } from '../policy-hooks.js';
import { denialOf, effectiveRules, type EffectiveRules } from './decide.js';
import type { TenantPolicy } from './rules.js';
import type { PolicyStore } from './store.js';

interface Loaded {
  /** The tenant's (epoch, cache generation) it was read at; undefined for callers that carry none. */
  key: string | undefined;
  policy: TenantPolicy | undefined;
  byUser: Map<string, EffectiveRules>;
}

/** What a policy lets one caller see: a key shared by callers alike, and why a tool is out. */
export interface PolicyVisibility {
  key: string;
  denialOf(tool: ToolDefinition): string | undefined;
}

const NO_USER = '';

/** The tenant state a caller carries, as a key; undefined for callers that carry none (read every time). */
const generationOf = (caller: Caller): string | undefined =>
  caller.tenantEpoch !== undefined && caller.cacheGeneration !== undefined
    ? `${caller.tenantEpoch}|${caller.cacheGeneration}`
    : undefined;

/**
 * Each tenant's policy as this node last read it, kept while the tenant's (epoch, cache generation) that
 * callers carry stays the same: a policy change bumps the generation, so every node reads it again on its
 * next call. Answers the policy hooks synchronously from what `load` read for the call.
 */
export class TenantPolicies implements GovernancePolicy {
  private readonly loaded = new Map<string, Loaded>();

  constructor(readonly store: PolicyStore) {}

  /** Makes the caller's tenant's policy current for the hooks (a store read only when the generation moved). */
  async load(caller: Caller): Promise<void> {
    if (this.isCurrent(caller)) return;
    const policy = await this.store.get(caller.tenantId);
    this.loaded.set(caller.tenantId, { key: generationOf(caller), policy, byUser: new Map() });
  }

  /** Whether what `load` read for the caller's tenant is still current (then `load` has nothing to do). */
  isCurrent(caller: Caller): boolean {
    const key = generationOf(caller);
    return key !== undefined && this.loaded.get(caller.tenantId)?.key === key;
  }

  /** Drops what this node read of a tenant's policy (it changed here, or the tenant went). */
  forget(tenantId: string): void {
    this.loaded.delete(tenantId);
  }

  rulesFor(tenantId: string, userId: string | undefined): EffectiveRules {
    const loaded = this.loaded.get(tenantId);
    if (!loaded) return effectiveRules(undefined, userId);
    const user = userId ?? NO_USER;
    let rules = loaded.byUser.get(user);
    if (!rules) loaded.byUser.set(user, (rules = effectiveRules(loaded.policy, userId)));
    return rules;
  }

  async visibility(caller: Caller): Promise<PolicyVisibility> {
    await this.load(caller);
    const rules = this.rulesFor(caller.tenantId, caller.userEmail);
    const access = [rules.allow, rules.deny, rules.read_only];
    return {
      key: access.every((rule) => rule === undefined) ? '' : JSON.stringify([caller.tenantId, rules.source, access]),
      denialOf: (tool) => denialOf(rules, tool),
    };
  }

  keepsArgumentValues(tenantId: string, userId?: string): boolean {
    return this.rulesFor(tenantId, userId).audit_argument_values === true;
  }

  bypassesSecretScan(tenantId: string, tool: string, userId?: string): boolean {
    return this.rulesFor(tenantId, userId).secret_scan_bypass?.includes(tool) === true;
  }

  showsSecretsInResults(tenantId: string, tool: string, userId?: string): boolean {
    return this.rulesFor(tenantId, userId).show_secrets_in_results?.includes(tool) === true;
  }

  needsConfirmation(tenantId: string, userId: string | undefined, tool: ToolDefinition): boolean {
    return isDestructive(tool) || this.rulesFor(tenantId, userId).confirm?.includes(tool.qualifiedName) === true;
  }

  /** The organisation's email domains the tenant's policy lists (lowercase), as `load` read them; may be empty. */
  organizationDomains(tenantId: string): string[] {
    return (this.loaded.get(tenantId)?.policy?.organization_domains ?? []).map((domain) => domain.toLowerCase());
  }

  allowsTokenConfirmation(tenantId: string): boolean {
    return this.loaded.get(tenantId)?.policy?.confirm_by_token === true;
  }
}
