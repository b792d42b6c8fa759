import {
  acceptedContent,
  inputRequired,
  type ClientCapabilities,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../toolkit/define-tool.js';
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

/**
 * A destructive action (it overwrites or removes what is there) asks the user first when their
 * client can show a form: the call returns `input_required` with a yes/no question, and runs once
 * the retried call carries an accepted "yes". A "no" refuses the call and changes nothing. Clients
 * that cannot ask (most today) run the call as before: their host's own tool approval stands.
 */
export function confirmationOf(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  capabilities: ClientCapabilities | undefined,
  responses: Record<string, unknown> | undefined,
): InputRequiredResult | undefined {
  if (!tool.capability.destructive || !canAskTheUser(capabilities)) return undefined;
  if (responses?.[KEY] !== undefined) {
    if (acceptedContent<{ confirm?: unknown }>(responses, KEY)?.confirm === true) return undefined;
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
