import type { Caller } from '../toolkit/context.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { CallGuard } from '../toolkit/executor.js';
import { AppError } from '../toolkit/errors.js';
import type { GovernancePolicy } from './policy-hooks.js';
import { maskValue, scanValue } from './secrets.js';

/**
 * Secrets never leave through a write, and never reach the model through a read: an action's arguments are
 * scanned before anything is sent upstream (a credential refuses the call with SECRET_DETECTED, naming the
 * kind and the argument, never the secret), and every result's strings are masked.
 */
export class SecretGuard implements CallGuard {
  constructor(private readonly policy: GovernancePolicy) {}

  checkArguments(caller: Caller, tool: ToolDefinition, args: Record<string, unknown>): void {
    if (
      tool.capability.type !== 'action' ||
      this.policy.bypassesSecretScan(caller.tenantId, tool.qualifiedName, caller.userEmail)
    )
      return;
    const findings = scanValue(args);
    if (findings.length === 0) return;
    const named = findings.map((f) => `${f.kind} in ${f.path || 'the arguments'}`).join(', ');
    throw new AppError('SECRET_DETECTED', `${tool.name} was not sent: its arguments carry a credential (${named})`, {
      details: findings,
    });
  }

  maskResult<T>(caller: Caller, tool: ToolDefinition, result: T): T {
    return this.policy.showsSecretsInResults(caller.tenantId, tool.qualifiedName, caller.userEmail)
      ? result
      : maskValue(result);
  }
}
