import {
  acceptedContent,
  inputRequired,
  type ClientCapabilities,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import { CONFIRMATION_META_KEY } from '../governance/confirmations/gate.js';
import type { PresentedConfirmation, ToolDefinition } from '../toolkit/define-tool.js';
import { AppError } from '../toolkit/errors.js';

const KEY = 'confirm_destructive';

const CONFIRMATION_SCHEMA = {
  type: 'object' as const,
  properties: {
    confirm: { type: 'boolean' as const, title: 'Go ahead', description: 'Check to let the change happen' },
  },
  required: ['confirm'],
};

/** Whether the client can show the user a form (form-mode elicitation; an empty declaration means form). */
const canAskTheUser = (capabilities: ClientCapabilities | undefined): boolean => {
  const elicitation = capabilities?.elicitation as { form?: object; url?: object } | undefined;
  if (!elicitation) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
};

/** The confirmation token a call carries in its `_meta` (what a refusal offered, where tokens are allowed). */
export const confirmationTokenOf = (meta: Record<string, unknown> | undefined): string | undefined => {
  const token = meta?.[CONFIRMATION_META_KEY];
  return typeof token === 'string' && token !== '' ? token : undefined;
};

/**
 * A call that needs a confirmation (every destructive action, and what the tenant's policy names) asks the
 * user first when their client can show a form: the call returns `input_required` with a yes/no question,
 * and runs once the retried call carries an accepted "yes". A "no" refuses the call and changes nothing.
 * Other clients get what the executor's confirmation gate answers: CONFIRMATION_REQUIRED with a link a
 * person opens, unless the call brings a token (`_meta` "constellation/confirmation").
 */
export function confirmationOf(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  needed: boolean,
  client: { capabilities: ClientCapabilities | undefined; responses: Record<string, unknown> | undefined },
  meta: Record<string, unknown> | undefined,
): InputRequiredResult | PresentedConfirmation {
  const token = confirmationTokenOf(meta);
  if (!needed || !canAskTheUser(client.capabilities)) return { token };
  const { responses } = client;
  if (responses?.[KEY] !== undefined) {
    if (acceptedContent<{ confirm?: unknown }>(responses, KEY)?.confirm === true) return { confirmedInClient: true };
    throw new AppError('FORBIDDEN', `The user did not confirm ${tool.qualifiedName}: nothing was changed`);
  }
  const target =
    typeof args.repo_id === 'string' || typeof args.key === 'string' ? ` on ${String(args.repo_id ?? args.key)}` : '';
  return inputRequired({
    inputRequests: {
      [KEY]: inputRequired.elicit({
        message: `${tool.title ?? tool.qualifiedName}${target} changes or removes existing data. Go ahead?`,
        requestedSchema: CONFIRMATION_SCHEMA,
      }),
    },
  });
}
