import type { ArgsOf, ResultOf, ToolDefinition } from '../../toolkit/define-tool.js';
import type { GraphBatch } from './batch.js';
import type { ExtractInput, Extractor, Viewer } from './extractor.js';

/** How the graph reads one tool's results, typed by that tool's arguments and result. */
interface ToolReader {
  tool: string;
  read(input: ExtractInput, batch: GraphBatch): void;
}

/** Declares how to read the results of `tool`; `read` sees them with the tool's own types. */
export function readsResultsOf<T extends ToolDefinition>(
  tool: T,
  read: (input: { args: ArgsOf<T>; result: ResultOf<T>; viewer?: Viewer }, batch: GraphBatch) => void,
): ToolReader {
  // The executor hands over the arguments the tool's schema validated and the whole result its
  // handler returned (checked against its output schema by the catalog tests): the types hold.
  return {
    tool: tool.name,
    read: (input, batch) =>
      read({ args: input.args as ArgsOf<T>, result: input.result as ResultOf<T>, viewer: input.viewer }, batch),
  };
}

/**
 * A system's extractor from its readers: results of tools without a reader add nothing to the graph. `unread`
 * names the read tools whose results the graph deliberately leaves out (a system the graph reads only in part),
 * so that a read tool without a reader is a choice the catalog tests can tell from an omission.
 */
export function extractorOf(readers: readonly ToolReader[], unread: readonly ToolDefinition[] = []): Extractor {
  const byTool = new Map<string, ToolReader>();
  for (const reader of readers) {
    if (byTool.has(reader.tool)) throw new Error(`Two graph readers for ${reader.tool}`);
    byTool.set(reader.tool, reader);
  }
  const extractor: Extractor = (input, batch) => byTool.get(input.tool)?.read(input, batch);
  return Object.assign(extractor, { tools: [...byTool.keys()], unread: unread.map((tool) => tool.name) });
}
