import type { WindowCounter } from '../../store/window-counter.js';
import type { Caller, Clock } from '../../toolkit/context.js';
import type { ToolDefinition } from '../../toolkit/define-tool.js';
import { AppError } from '../../toolkit/errors.js';
import { denialOf } from './decide.js';
import type { TenantPolicies } from './tenant-policies.js';

const MINUTE_MS = 60_000;

/**
 * The tenant policy's say on a call, before its arguments are read: a denied tool answers POLICY_DENIED
 * naming the rule, a tool over its per-user limit RATE_LIMITED with when to retry (counted where every node
 * of a fleet counts).
 */
export class PolicyGuard {
  constructor(
    private readonly policies: TenantPolicies,
    private readonly windows: WindowCounter,
    private readonly clock: Clock,
  ) {}

  /** Throws when the policy refuses the call; waits only to read a policy that changed or to count a limited call. */
  admit(caller: Caller, tool: ToolDefinition): Promise<void> | void {
    if (!this.policies.isCurrent(caller)) return this.policies.load(caller).then(() => this.decide(caller, tool));
    return this.decide(caller, tool);
  }

  private decide(caller: Caller, tool: ToolDefinition): Promise<void> | void {
    const rules = this.policies.rulesFor(caller.tenantId, caller.userEmail);
    const denial = denialOf(rules, tool);
    if (denial) throw new AppError('POLICY_DENIED', denial);
    const limit = rules.limits?.[tool.qualifiedName];
    if (limit !== undefined) return this.countCall(caller, tool, limit);
  }

  private async countCall(caller: Caller, tool: ToolDefinition, limit: number): Promise<void> {
    const now = this.clock.now();
    const key = JSON.stringify(['policy', caller.tenantId, caller.userEmail ?? '', tool.qualifiedName]);
    const window = await this.windows.hit(key, MINUTE_MS, now);
    if (window.hits > limit)
      throw new AppError(
        'RATE_LIMITED',
        `tool ${tool.qualifiedName} is limited to ${limit} calls a minute per user by the tenant policy (limits)`,
        { retryAfter: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) },
      );
  }
}
