import { z } from 'zod';
import { AppError } from '../../toolkit/errors.js';
import type { Registry } from '../../toolkit/registry.js';

const Names = z.array(z.string().min(1).max(128)).max(1000);

/** Systems, toolsets (a system or a finer toolset such as `code_host.issues`) and tools (qualified names). */
const Scope = z.strictObject({ systems: Names.optional(), toolsets: Names.optional(), tools: Names.optional() });
export type PolicyScope = z.infer<typeof Scope>;
export const SCOPE_KINDS = ['systems', 'toolsets', 'tools'] as const;

/** What a tenant's policy (or one user's override of it) may say. */
const RulesShape = {
  allow: Scope.optional(),
  deny: Scope.optional(),
  read_only: z.boolean().optional(),
  confirm: Names.optional(),
  /** Calls a minute of a tool, per user. */
  limits: z.record(z.string().min(1).max(128), z.number().int().min(1).max(1_000_000)).optional(),
  audit_argument_values: z.boolean().optional(),
  secret_scan_bypass: Names.optional(),
  show_secrets_in_results: Names.optional(),
};
const Rules = z.strictObject(RulesShape);
export type PolicyRules = z.infer<typeof Rules>;

/** A DNS domain name, e.g. `example.com` (letters, digits and hyphens in dot-separated labels). */
const DomainName = z
  .string()
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/i, {
    message: 'not a domain name (expected e.g. example.com, without @ or scheme)',
  });

export const TenantPolicyBody = z.strictObject({
  ...RulesShape,
  /**
   * The organisation's email domains: an address in one is a colleague, any other someone outside (a contact).
   * Empty or absent: the domains of the tenant's own users.
   */
  organization_domains: z.array(DomainName).max(100).optional(),
  /** Whether a caller may confirm by repeating the call with its confirmation token, without a person. */
  confirm_by_token: z.boolean().optional(),
  /** Per user (the token's user email): each field given replaces the tenant-wide one; limits merge per tool. */
  users: z.record(z.string().min(1).max(254), Rules).optional(),
});
export type TenantPolicy = z.infer<typeof TenantPolicyBody>;

/** Every name a policy gives, with where it gives it, checked against the catalog. */
function unknownNames(policy: TenantPolicy, registry: Registry): string[] {
  const valid = {
    systems: new Set(registry.systems.map((s) => s.id)),
    toolsets: new Set(registry.toolsetNames()),
    tools: new Set(registry.tools.map((t) => t.qualifiedName)),
  };
  const problems: string[] = [];
  const check = (where: string, names: readonly string[] | undefined, among: Set<string>, what: string) => {
    for (const name of names ?? []) if (!among.has(name)) problems.push(`${where}: "${name}" is not a ${what}`);
  };
  const checkRules = (prefix: string, rules: PolicyRules) => {
    for (const list of ['allow', 'deny'] as const)
      for (const kind of SCOPE_KINDS)
        check(`${prefix}${list}.${kind}`, rules[list]?.[kind], valid[kind], kind.slice(0, -1) + ' of this catalog');
    for (const list of ['confirm', 'secret_scan_bypass', 'show_secrets_in_results'] as const)
      check(`${prefix}${list}`, rules[list], valid.tools, 'tool of this catalog');
    check(`${prefix}limits`, Object.keys(rules.limits ?? {}), valid.tools, 'tool of this catalog');
  };
  checkRules('', policy);
  for (const [user, rules] of Object.entries(policy.users ?? {})) checkRules(`users.${user}.`, rules);
  return problems;
}

/** A request body as a policy: a VALIDATION_ERROR naming each bad field, and each name the catalog lacks. */
export function parsePolicy(body: unknown, registry: Registry): TenantPolicy {
  const parsed = TenantPolicyBody.safeParse(body ?? {});
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new AppError(
      'VALIDATION_ERROR',
      `Invalid policy: ${details.map((d) => `${d.path || '(body)'}: ${d.message}`).join('; ')}`,
      { details },
    );
  }
  const unknown = unknownNames(parsed.data, registry);
  if (unknown.length > 0) throw new AppError('VALIDATION_ERROR', `Invalid policy: ${unknown.join('; ')}`);
  return parsed.data;
}
