import { z } from 'zod';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import { defineTool } from '../../src/toolkit/define-tool.js';
import type { WatchedWork } from './watched-work.js';

/** A system whose one tool, `<id>_count_slowly`, counts to `to` a step at a time, its steps watched by `work`. */
export function slowCountSystem(id: string, work: WatchedWork): { manifest: SystemManifest; steps: () => number } {
  let steps = 0;
  const countSlowly = defineTool({
    system: id,
    name: 'count_slowly',
    description: 'Counts to `to`, one step at a time.',
    capability: { type: 'read', name: `${id}.count` },
    input: z.object({ to: z.number().int().min(1).max(100).describe('Where to stop') }),
    output: z.object({ counted: z.number().describe('Steps taken') }),
    hints: {
      aliases: ['count'],
      when_to_use: 'Counting.',
      not_for: 'Anything else.',
      examples: [{ query: 'count', tool: 'count_slowly', params: { to: 3 } }],
    },
    run: ({ args, signal }) =>
      work.track(signal, async () => {
        for (let i = 0; i < args.to; i++) {
          await work.step(signal);
          steps++;
        }
        return { counted: args.to };
      }),
  });
  const manifest: SystemManifest = {
    system: {
      id,
      name: 'Slow count',
      description: 'A system whose tool takes a while.',
      keywords: ['count'],
      when_to_use: 'Counting.',
    },
    tools: [countSlowly],
    integrations: [],
  };
  return { manifest, steps: () => steps };
}
