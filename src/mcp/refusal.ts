import type { PolicyVisibility } from '../governance/policy/tenant-policies.js';
import { AppError } from '../toolkit/errors.js';
import type { ToolSelection } from '../toolkit/registry.js';
import type { McpContext } from './context.js';
import { SEARCH_TOOLS } from './discovery.js';
import { EXPOSURE_HEADERS, exclusionReason, SERVER_SETTINGS } from './exposure.js';

/**
 * Why a tool a session does not see cannot be called: unknown, left out by the server's settings or the
 * request's narrowing, refused by the tenant's policy, or lacking the caller's credentials (with what would
 * give them).
 */
export function refusalOf(
  app: Pick<McpContext, 'registry' | 'integrations' | 'connections'>,
  name: string,
  mode: 'full' | 'discovery',
  selections: { server: ToolSelection; request: ToolSelection },
  available: ReadonlySet<string>,
  visibility: Pick<PolicyVisibility, 'denialOf'>,
): AppError {
  const { registry } = app;
  const tool = registry.find(name);
  if (!tool)
    return new AppError(
      'TOOL_NOT_FOUND',
      `Unknown tool "${name}"${mode === 'full' ? '' : `: use ${SEARCH_TOOLS} to find tool names`}`,
    );
  for (const [selection, source] of [
    [selections.server, SERVER_SETTINGS],
    [selections.request, EXPOSURE_HEADERS],
  ] as const) {
    const rule = registry.excludedBy(selection, tool);
    if (rule)
      return new AppError(
        'FORBIDDEN',
        `${exclusionReason(tool, rule, selection, source)}, so it cannot be called here`,
      );
  }
  const denial = visibility.denialOf(tool);
  if (denial) return new AppError('POLICY_DENIED', denial);
  const missing = app.integrations.filter((i) => registry.integrationsOf(tool).includes(i.id) && !available.has(i.id));
  return new AppError(
    'NOT_CONFIGURED',
    `"${name}" needs ${missing.map((i) => i.title).join(' and ')} credentials, which this caller lacks: ${app.connections.remedyFor(missing)}`,
  );
}
