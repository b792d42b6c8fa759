import type { GetPromptResult, Prompt } from '@modelcontextprotocol/server';
import { EXECUTE_READ_TOOL } from '../discovery.js';
import type { PromptInput, PromptSpec, PromptStep, ToolCall } from './catalog.js';

/** What a session can call: its mode (how tools are named) and the catalog tools it sees. */
export interface SessionTools {
  mode: 'full' | 'discovery';
  visible: ReadonlySet<string>;
}

/** The call a step makes in this session: the first of its alternatives the session sees. */
const callFor = (step: PromptStep, session: SessionTools): ToolCall | undefined =>
  step.calls.find((call) => session.visible.has(call.tool));

/** Whether the session can take every required step (argument values do not change which tools a step calls). */
export function offered(spec: PromptSpec, session: SessionTools, input: PromptInput): boolean {
  return spec.steps(input).every((step) => step.optional || callFor(step, session) !== undefined);
}

/** The `prompts/list` entry of a prompt. */
export function promptEntry(spec: PromptSpec): Prompt {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    arguments: spec.arguments.map(({ name, description, required }) => ({ name, description, required: !!required })),
  };
}

/**
 * A call as this session makes it: the tool by its name in full mode; in discovery mode through the
 * meta-tool that runs reads (every prompt step reads), which takes the tool's name and arguments.
 */
function callText(session: SessionTools, tool: string, args: Record<string, unknown>): string {
  return session.mode === 'full'
    ? `\`${tool}\` with ${JSON.stringify(args)}`
    : `\`${EXECUTE_READ_TOOL}\` with ${JSON.stringify({ name: tool, arguments: args })}`;
}

/** The prompt's message: what to produce, the calls that gather it (only tools this session can call), and how to present it. */
export function renderPrompt(spec: PromptSpec, session: SessionTools, input: PromptInput): GetPromptResult {
  const lines = spec
    .steps(input)
    .flatMap((step) => {
      const call = callFor(step, session);
      return call ? [`${step.purpose}: call ${callText(session, call.tool, call.args(input))}`] : [];
    })
    .map((line, index) => `${index + 1}. ${line}`);
  const text = [
    spec.ask(input),
    'Gather the facts with these tools of the Constellation server, calling independent ones in parallel:',
    ...lines,
    spec.finish,
  ].join('\n');
  return { description: spec.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}
