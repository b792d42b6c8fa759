import { z } from 'zod';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import { defineTool, type ToolDefinition } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';

/**
 * A test system whose tool needs each user's consent, as a per-user provider's would: `get_agenda`
 * answers AUTHORIZATION_REQUIRED with `authUrl` until its caller is in `consented`.
 */
export function consentCheckSystem(
  authUrl: string,
  moreTools: readonly ToolDefinition[] = [],
): { manifest: SystemManifest; consented: Set<string> } {
  const consented = new Set<string>();
  const getAgenda = defineTool({
    system: 'consent_check',
    name: 'get_agenda',
    description: 'The caller’s agenda for today, from a provider each user must authorize first.',
    capability: { type: 'read', name: 'consent_check.agenda' },
    input: z.object({}),
    output: z.object({ events: z.array(z.string()).describe('Event titles') }),
    hints: {
      aliases: ['agenda'],
      when_to_use: 'What is on my calendar today.',
      not_for: 'Anything else.',
      examples: [{ query: 'my agenda', tool: 'get_agenda', params: {} }],
    },
    async run({ caller }) {
      if (!consented.has(caller.userEmail ?? '')) {
        throw new AppError('AUTHORIZATION_REQUIRED', 'Authorize Google to continue', {
          details: { provider: 'google', auth_url: authUrl },
        });
      }
      return { events: ['Standup'] };
    },
  });
  const manifest: SystemManifest = {
    system: {
      id: 'consent_check',
      name: 'Consent check',
      description: 'A system whose tool needs each user’s consent.',
      keywords: ['agenda'],
      when_to_use: 'Agenda.',
    },
    tools: [getAgenda, ...moreTools],
    integrations: [],
  };
  return { manifest, consented };
}
