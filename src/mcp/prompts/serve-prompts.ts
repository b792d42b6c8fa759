import { ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import { closestName } from '../../toolkit/closest-name.js';
import type { Caller } from '../../toolkit/context.js';
import type { McpContext } from '../context.js';
import { PROMPTS, type PromptInput, type PromptSpec } from './catalog.js';
import { complete, NO_COMPLETION } from './completions.js';
import { offered, promptEntry, renderPrompt, type SessionTools } from './render.js';

const invalid = (message: string): ProtocolError => new ProtocolError(ProtocolErrorCode.InvalidParams, message);

/** A prompt by name, or invalid params naming the closest one. */
function promptNamed(name: string): PromptSpec {
  const spec = PROMPTS.find((p) => p.name === name);
  if (spec) return spec;
  const closest = closestName(
    name,
    PROMPTS.map((p) => p.name),
  );
  throw invalid(`Unknown prompt "${name}"${closest ? `; did you mean "${closest}"?` : ''}`);
}

/** The prompt's arguments checked: unknown names, missing required ones and bad values are invalid params. */
function checkedArgs(spec: PromptSpec, given: Record<string, string> = {}): Record<string, string | undefined> {
  const names = spec.arguments.map((a) => a.name);
  for (const name of Object.keys(given)) {
    if (!names.includes(name)) {
      const closest = closestName(name, names);
      throw invalid(
        `Prompt "${spec.name}" has no argument "${name}"${closest ? `; did you mean "${closest}"?` : ''} (arguments: ${names.join(', ') || 'none'})`,
      );
    }
  }
  const args: Record<string, string | undefined> = {};
  for (const argument of spec.arguments) {
    const value = given[argument.name]?.trim() || undefined;
    if (value === undefined && argument.required)
      throw invalid(`Prompt "${spec.name}" needs the argument "${argument.name}": ${argument.description}`);
    const problem = value === undefined ? undefined : argument.check?.(value);
    if (problem) throw invalid(`Prompt "${spec.name}": argument "${argument.name}" ${problem}`);
    args[argument.name] = value;
  }
  return args;
}

/**
 * Prompts (a host's slash commands) that gather from several systems at once, and completion of their
 * arguments from the caller's own data. A session is offered the prompts whose required tools it can
 * call, and each prompt names those tools as this session calls them (see render.ts).
 */
export function servePrompts(
  server: Server,
  app: Pick<McpContext, 'registry' | 'executor' | 'clock'>,
  callerFor: () => Caller | Promise<Caller>,
  sessionFor: (caller: Caller) => Promise<SessionTools>,
): void {
  server.registerCapabilities({ prompts: { listChanged: false }, completions: {} });
  const inputOf = (caller: Caller, args: Record<string, string | undefined> = {}): PromptInput => ({
    args,
    caller,
    now: new Date(app.clock.now()),
  });

  server.setRequestHandler('prompts/list', async () => {
    const caller = await callerFor();
    const session = await sessionFor(caller);
    return { prompts: PROMPTS.filter((p) => offered(p, session, inputOf(caller))).map(promptEntry) };
  });

  server.setRequestHandler('prompts/get', async (request) => {
    const spec = promptNamed(request.params.name);
    const args = checkedArgs(spec, request.params.arguments);
    const caller = await callerFor();
    const session = await sessionFor(caller);
    const input = inputOf(caller, args);
    if (!offered(spec, session, input))
      throw invalid(`Prompt "${spec.name}" is not offered to this session: ${spec.description}`);
    return renderPrompt(spec, session, input);
  });

  server.setRequestHandler('completion/complete', async (request) => {
    const { ref, argument } = request.params;
    if (ref.type !== 'ref/prompt') return { completion: NO_COMPLETION };
    const spec = promptNamed(ref.name);
    const target = spec.arguments.find((a) => a.name === argument.name);
    if (!target)
      throw invalid(
        `Prompt "${spec.name}" has no argument "${argument.name}" (arguments: ${spec.arguments.map((a) => a.name).join(', ')})`,
      );
    if (!target.completes) return { completion: NO_COMPLETION };
    const caller = await callerFor();
    return {
      completion: await complete(app, caller, (await sessionFor(caller)).visible, target.completes, argument.value),
    };
  });
}
