import { randomBytes } from 'node:crypto';
import { canonicalJson } from '../../analytics/cache.js';
import type { Caller, Clock } from '../../toolkit/context.js';
import type { PresentedConfirmation, ToolDefinition } from '../../toolkit/define-tool.js';
import { AppError } from '../../toolkit/errors.js';
import type { ConfirmationCheck } from '../../toolkit/executor.js';
import { argumentsDigest } from '../audit/observer.js';
import type { GovernancePolicy } from '../policy-hooks.js';
import { maskValue } from '../secrets.js';
import { describeAction } from './action-words.js';
import type { ConfirmationEvent } from './events.js';
import { refusalReason } from './refusal-reason.js';
import type { Confirmation, ConfirmationBinding, ConfirmationStore } from './store.js';

/** The REST header and the MCP `_meta` key a caller repeats a call with, carrying a confirmation token. */
export const CONFIRMATION_HEADER = 'X-Confirmation-Token';
export const CONFIRMATION_META_KEY = 'constellation/confirmation';

interface GateDeps {
  store: ConfirmationStore;
  policy: GovernancePolicy;
  /** Makes the caller's tenant policy current before the policy is asked (the stored policy's read). */
  loadPolicy?: (caller: Caller) => Promise<void>;
  clock: Clock;
  ttlSeconds: number;
  /** The server's address as browsers reach it. */
  publicUrl: () => string;
  record: (event: ConfirmationEvent) => void;
  /** Why an action carries a value from flagged content its caller was given (it then needs a person, always). */
  taintOf?: (caller: Caller, tool: ToolDefinition, args: Record<string, unknown>) => string | undefined;
}

/** The page where a person confirms or declines a confirmation. */
export const confirmationUrl = (publicUrl: string, id: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/confirmations/${encodeURIComponent(id)}`;

/**
 * Confirmations the model cannot grant itself. A call the policy says needs one runs only when the caller
 * brings a yes: its client's own form, a token (where the tenant allows tokens), or a confirmation a person
 * gave on the confirmation page for this very call (tenant, user, tool and arguments' digest), each used
 * once. Any other call is refused with CONFIRMATION_REQUIRED, a new confirmation and why.
 */
export class ConfirmationGate implements ConfirmationCheck {
  constructor(private readonly deps: GateDeps) {}

  /** Whether the caller's call of the tool needs a confirmation (the tenant's policy decides). */
  async needs(caller: Caller, tool: ToolDefinition): Promise<boolean> {
    await this.deps.loadPolicy?.(caller);
    return this.deps.policy.needsConfirmation(caller.tenantId, caller.userEmail, tool);
  }

  async check(
    caller: Caller,
    tool: ToolDefinition,
    args: Record<string, unknown>,
    presented: PresentedConfirmation,
  ): Promise<void> {
    const { store, clock } = this.deps;
    // A call carrying flagged content's values is confirmed by a person on the page: no form, no token.
    const tainted = this.deps.taintOf?.(caller, tool, args);
    if (!tainted && !(await this.needs(caller, tool))) return;
    const masked = maskValue(args);
    const binding: ConfirmationBinding = {
      tenantId: caller.tenantId,
      userId: caller.userEmail ?? '',
      tool: tool.qualifiedName,
      argsDigest: argumentsDigest(masked),
    };
    if (presented.confirmedInClient && !tainted) {
      this.deps.record({ binding, event: 'confirmed', reason: "the user said yes in their client's form" });
      return;
    }
    const now = clock.now();
    const used = await store.consume(binding, now, tainted ? undefined : presented.token);
    if (used) {
      this.deps.record({ binding, event: 'used', id: used });
      return;
    }
    const earlier = presented.token ? await store.get(presented.token) : undefined;
    const reason = presented.token ? refusalReason(earlier, binding, now) : undefined;
    // A token of this call that no person has confirmed yet: point at that same confirmation again.
    const pending = reason?.stillPending && earlier ? earlier : undefined;
    const confirmation = pending ?? (await this.request(caller, tool, binding, masked, now, tainted));
    const why = reason?.text ?? (tainted ? `not confirmed yet: ${tainted}` : 'not confirmed yet');
    this.deps.record({ binding, event: 'refused', id: confirmation.id, reason: why });
    throw this.required(confirmation, reason?.text, tainted);
  }

  private async request(
    caller: Caller,
    tool: ToolDefinition,
    binding: ConfirmationBinding,
    masked: unknown,
    now: number,
    tainted: string | undefined,
  ): Promise<Confirmation> {
    const confirmation: Confirmation = {
      ...binding,
      id: randomBytes(18).toString('base64url'),
      action: describeAction(tool, masked),
      args: canonicalJson(masked) ?? '{}',
      tokenAllowed: !tainted && this.deps.policy.allowsTokenConfirmation(caller.tenantId),
      status: 'pending',
      createdAt: now,
      expiresAt: now + this.deps.ttlSeconds * 1000,
    };
    if (!(await this.deps.store.create(confirmation, caller.tenantEpoch)))
      throw new AppError('UNAUTHORIZED', 'The tenant of this token no longer exists');
    this.deps.record({ binding, event: 'requested', id: confirmation.id, ...(tainted ? { reason: tainted } : {}) });
    return confirmation;
  }

  private required(confirmation: Confirmation, refused: string | undefined, tainted: string | undefined): AppError {
    const url = confirmationUrl(this.deps.publicUrl(), confirmation.id);
    const byToken = confirmation.tokenAllowed
      ? `, or send it again with the header ${CONFIRMATION_HEADER} (MCP: _meta "${CONFIRMATION_META_KEY}") set to ${confirmation.id}`
      : '';
    const why =
      [refused, tainted && `This call ${tainted}`].filter(Boolean).join('. ') + (refused || tainted ? '. ' : '');
    return new AppError(
      'CONFIRMATION_REQUIRED',
      `${why}${confirmation.action}: this needs a person's confirmation and nothing was done. ` +
        `Ask the user to open ${url} to confirm or decline, then send the same call again${byToken}.`,
      {
        details: {
          action: confirmation.action,
          confirmation_url: url,
          expires_at: new Date(confirmation.expiresAt).toISOString(),
          ...(confirmation.tokenAllowed ? { confirmation_token: confirmation.id } : {}),
          ...(refused ? { refused } : {}),
          ...(tainted ? { untrusted_source: tainted } : {}),
        },
      },
    );
  }
}
