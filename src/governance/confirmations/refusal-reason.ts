import type { Confirmation, ConfirmationBinding } from './store.js';

/**
 * Why a token given with a call did not let it run, in words the caller can act on; `stillPending` when it
 * is this call's own confirmation, only not confirmed yet (another tenant's is "not known", naming nothing).
 */
export function refusalReason(
  confirmation: Confirmation | undefined,
  call: ConfirmationBinding,
  now: number,
): { text: string; stillPending?: boolean } {
  if (!confirmation || confirmation.tenantId !== call.tenantId)
    return { text: 'The confirmation token given is not known' };
  if (confirmation.userId !== call.userId) return { text: 'The confirmation given was asked for by another user' };
  if (confirmation.tool !== call.tool) return { text: 'The confirmation given is for another tool' };
  if (confirmation.argsDigest !== call.argsDigest)
    return { text: 'The confirmation given is for other arguments: a changed call needs its own confirmation' };
  if (confirmation.usedAt !== undefined) return { text: 'The confirmation given was already used' };
  if (confirmation.expiresAt <= now) return { text: 'The confirmation given has expired' };
  if (confirmation.status === 'declined') return { text: 'The confirmation given was declined' };
  return { text: 'The confirmation given has not been confirmed by a person yet', stillPending: true };
}
