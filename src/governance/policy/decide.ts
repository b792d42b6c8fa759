import type { ToolDefinition } from '../../toolkit/define-tool.js';
import { toolsetOf } from '../../toolkit/registry.js';
import { SCOPE_KINDS, type PolicyRules, type PolicyScope, type TenantPolicy } from './rules.js';

/** One user's rules: the tenant's, with the user's override, and whose words each access rule is. */
export interface EffectiveRules extends PolicyRules {
  /** Who set allow, deny and read_only, as a denial names it ("the tenant policy", "the policy of user …"). */
  source: { allow: string; deny: string; read_only: string };
}

const TENANT = 'the tenant policy';

export function effectiveRules(policy: TenantPolicy | undefined, userId: string | undefined): EffectiveRules {
  const { users, ...tenant } = policy ?? {};
  const own = userId === undefined ? undefined : users?.[userId];
  const sourceOf = (field: 'allow' | 'deny' | 'read_only') =>
    own?.[field] !== undefined ? `the tenant policy for user ${userId}` : TENANT;
  return {
    ...tenant,
    ...own,
    limits: { ...tenant.limits, ...own?.limits },
    source: { allow: sourceOf('allow'), deny: sourceOf('deny'), read_only: sourceOf('read_only') },
  };
}

/** The names a scope list could match a tool by, in the list's kind. */
const namesOf = (tool: ToolDefinition): Record<(typeof SCOPE_KINDS)[number], string[]> => ({
  systems: [tool.system],
  toolsets: [tool.system, toolsetOf(tool)],
  tools: [tool.qualifiedName],
});

const matchingKind = (scope: PolicyScope | undefined, tool: ToolDefinition) => {
  const names = namesOf(tool);
  return SCOPE_KINDS.find((kind) => scope?.[kind]?.some((name) => names[kind].includes(name)));
};

/** Why the rules refuse a tool (deny wins over allow), or undefined when they let it run. */
export function denialOf(rules: EffectiveRules, tool: ToolDefinition): string | undefined {
  const name = tool.qualifiedName;
  const denied = matchingKind(rules.deny, tool);
  if (denied) return `tool ${name} is denied by ${rules.source.deny}'s deny list (${denied})`;
  const allowing = SCOPE_KINDS.some((kind) => (rules.allow?.[kind]?.length ?? 0) > 0);
  if (allowing && !matchingKind(rules.allow, tool))
    return `tool ${name} is not in ${rules.source.allow}'s allow list (systems, toolsets, tools)`;
  if (rules.read_only && tool.capability.type === 'action')
    return `tool ${name} is an action tool and ${rules.source.read_only} is read-only (read_only)`;
  return undefined;
}
