import { ProtocolError, Server, type Tool } from '@modelcontextprotocol/server';
import type { PolicyVisibility } from '../governance/policy/tenant-policies.js';
import type { Caller } from '../toolkit/context.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import { AppError } from '../toolkit/errors.js';
import type { ToolSelection } from '../toolkit/registry.js';
import { VERSION } from '../version.js';
import { CatalogSearch } from './catalog-search.js';
import type { McpContext } from './context.js';
import { callTargetOf, directCallTarget, withMcpClient, type CallTarget } from './call-target.js';
import { Discovery, discoveryTools } from './discovery.js';
import { EXPOSURE_HEADERS, invalidNames, namesWithin, SERVER_SETTINGS } from './exposure.js';
import { confirmationOf } from './confirmation.js';
import { refusalOf } from './refusal.js';
import { hostLogOf, loggedCall, LogLevels } from './host-log.js';
import { callControlOf } from './progress.js';
import { servePrompts } from './prompts/serve-prompts.js';
import { serveResources } from './resources.js';
import { clientCapabilitiesOf, errorResult, successResult, userActionRequired, type Era } from './results.js';
import { LazyJsonSchemaValidator } from './lazy-validator.js';
import { ListEntries } from './list-entries.js';
import { SERVER_INSTRUCTIONS } from './server-instructions.js';
import { toolsPage } from './tool-list.js';
import { lazyView, Views, type View } from './views.js';

type ToolMode = 'full' | 'discovery' | 'auto';

/** What one protocol server instance serves besides its caller. */
export interface ServerScope {
  /** A request's validated narrowing headers (see `McpSurface.narrow`). */
  narrowing?: ToolSelection;
  /** The 2026-07-28 revision (`modern`: stateless, input_required) or the 2025 revisions (`legacy`). */
  era?: Era;
  /** Aborts its calls from outside the protocol (a stateless transport's own cancellation). */
  cancelled?: AbortSignal;
  /** Says (to 2025-era clients) that tool calls may run as tasks (see tasks.ts). */
  offersTasks?: boolean;
  /** Whose `logging/setLevel` this is (`logScopeOf` the client's token): levels outlive a stateless request. */
  logScope?: string;
  /**
   * Whether calls that need a person's confirmation are refused with a link to the confirmation page (default
   * true). Over stdio the server serves no page and acts for the local user alone: there a client's form asks,
   * else the host's own tool approval stands.
   */
  outOfBand?: boolean;
}

/**
 * `auto` lists the tools themselves while their `tools/list` result stays within this many bytes, and
 * the discovery meta-tools above it. Measured: the whole catalog (173 tools) lists about 667,000 bytes,
 * some 167,000 tokens at about 4 bytes a token, most of a 200,000-token context spent before the first
 * message. 100,000 bytes (about 25,000 tokens, an eighth of such a context) keeps a focused selection
 * (the graph's 38 KB, a toolset such as `code_host.issues` at 31 KB) listed in full and sends a whole
 * catalog to discovery.
 */
export const AUTO_LIST_BUDGET_BYTES = 100_000;

export interface McpSurfaceOptions extends ToolSelection {
  mode?: ToolMode;
  /** `auto` mode's budget for the full `tools/list` result (default AUTO_LIST_BUDGET_BYTES). */
  listBudgetBytes?: number;
  /** Entries stored when the catalog was built (`storedListEntries`), served instead of building them. */
  storedEntries?: ReadonlyMap<string, Tool>;
}

/**
 * What every MCP server instance of one app shares: the server's selection of tools, their
 * list entries (built as needed) and the catalog search. Each session then sees the part its caller has credentials for,
 * narrowed by the request, listed in full or through discovery; a server per HTTP request costs little.
 */
export class McpSurface {
  /** The tools the server's own settings expose (before each caller's credentials and narrowing). */
  readonly tools: ToolDefinition[];
  private readonly selected: ReadonlySet<ToolDefinition>;
  readonly mode: ToolMode;
  private readonly selection: ToolSelection;
  private readonly listBudgetBytes: number;
  /** Each selected tool's `tools/list` entry and its size in bytes, built the first time it is needed. */
  private readonly entries: ListEntries;
  private searchIndex?: CatalogSearch;
  private readonly views = new Views((available, narrowing, visibility) =>
    this.buildView(available, narrowing, visibility),
  );
  /** The toolset and tool names a request's narrowing may use, found on the first request that names any. */
  private exposedNames?: { toolsets: string[]; tools: string[] };
  /** The log levels 2025-era clients set, kept across their stateless requests. */
  readonly logLevels = new LogLevels();
  /** One validator for every server instance (the SDK would otherwise build one per request), loading Ajv when first used. */
  private readonly validator = new LazyJsonSchemaValidator();

  /** Unknown toolset or tool names in the options are an error that names the valid ones. */
  constructor(
    private readonly app: McpContext,
    options: McpSurfaceOptions = {},
  ) {
    const {
      mode = 'auto',
      listBudgetBytes = AUTO_LIST_BUDGET_BYTES,
      storedEntries = new Map(),
      ...selection
    } = options;
    const { registry } = app;
    const problem = invalidNames(
      selection,
      { toolsets: registry.toolsetNames(), tools: registry.tools.map((t) => t.qualifiedName) },
      SERVER_SETTINGS,
    );
    if (problem) throw new Error(problem);
    this.selection = selection;
    this.mode = mode;
    this.listBudgetBytes = listBudgetBytes;
    this.entries = new ListEntries(registry, storedEntries);
    this.tools = registry.select(selection);
    this.selected = new Set(this.tools);
  }

  // Lazy: the search index is needed only when the agent searches.
  private get search(): CatalogSearch {
    this.searchIndex ??= new CatalogSearch(this.app.registry, this.tools);
    return this.searchIndex;
  }

  /**
   * Checks one request's narrowing (its X-MCP-* headers): it may name only toolsets and tools this
   * server exposes, so a request can narrow what it sees but never widen it.
   */
  narrow(selection: ToolSelection): ToolSelection {
    if (!selection.toolsets?.length && !selection.tools?.length) return selection;
    this.exposedNames ??= namesWithin(this.app.registry, this.tools);
    const problem = invalidNames(selection, this.exposedNames, EXPOSURE_HEADERS);
    if (problem) throw new AppError('VALIDATION_ERROR', problem);
    return selection;
  }

  /** Bytes of the `tools/list` result that lists these tools in full (`{"tools":[...]}`), counted up to `stopAbove`. */
  listBytes(tools: readonly ToolDefinition[], stopAbove = Infinity): number {
    return this.entries.listBytes(tools, stopAbove);
  }

  /**
   * What a caller sees under a request's narrowing and the tenant's policy; `auto` picks the mode by the
   * size of the full list. Built once for each set of available integrations, narrowing and policy (see `Views`).
   */
  async view(caller: Caller, narrowing: ToolSelection = {}): Promise<View> {
    const [available, visibility] = await Promise.all([
      this.app.connections.available(caller),
      this.app.governance.policies.visibility(caller),
    ]);
    return this.views.of(available, narrowing, visibility);
  }

  private buildView(available: ReadonlySet<string>, narrowing: ToolSelection, visibility: PolicyVisibility): View {
    const { registry } = this.app;
    const tools = this.tools.filter(
      (t) =>
        registry.excludedBy(narrowing, t) === undefined &&
        registry.reachableWith(t, available) &&
        visibility.denialOf(t) === undefined,
    );
    const mode =
      this.mode === 'auto'
        ? this.listBytes(tools, this.listBudgetBytes) > this.listBudgetBytes
          ? 'discovery'
          : 'full'
        : this.mode;
    const byName = new Map(tools.map((t) => [t.qualifiedName, t]));
    // Aliases (`chatmessage:list`) name the same tool as its qualified name.
    const resolve = (name: string): ToolDefinition => {
      const tool = byName.get(registry.find(name)?.qualifiedName ?? name);
      if (tool) return tool;
      throw refusalOf(this.app, name, mode, { server: this.selection, request: narrowing }, available, visibility);
    };
    return lazyView(
      { mode, tools, resolve },
      () => (mode === 'full' ? tools.map((t) => this.entries.entry(t).tool) : discoveryTools(registry, tools)),
      () => new Discovery(registry, this.search, new Set(tools), resolve),
    );
  }

  /**
   * A protocol server whose calls act as the caller `callerFor` resolves (see `ServerScope` for the rest
   * of what one server instance is given).
   */
  createServer(callerFor: () => Caller | Promise<Caller>, scope: ServerScope = {}): Server {
    const {
      narrowing = {},
      era = 'legacy',
      cancelled,
      offersTasks = false,
      logScope = 'local',
      outOfBand = true,
    } = scope;
    const server = new Server(
      { name: 'constellation', version: VERSION },
      {
        capabilities: { tools: { listChanged: false }, logging: {} },
        jsonSchemaValidator: this.validator,
        instructions: SERVER_INSTRUCTIONS[this.mode],
      },
    );
    serveResources(server, this.app, callerFor);
    servePrompts(server, this.app, callerFor, async (caller) => {
      const { mode, tools } = await this.view(caller, narrowing);
      return { mode, visible: new Set(tools.map((t) => t.qualifiedName)) };
    });
    // The SDK keeps a level in the server instance; over stateless HTTP that dies with the request.
    server.setRequestHandler('logging/setLevel', (request) => {
      this.logLevels.set(logScope, request.params.level);
      return {};
    });
    const tasks = offersTasks && era === 'legacy';
    if (tasks) server.registerCapabilities({ tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } });
    server.setRequestHandler('tools/list', async (request) => {
      const { listed } = await this.view(await callerFor(), narrowing);
      const page = toolsPage(listed, request.params?.cursor);
      if (!tasks) return page;
      return {
        ...page,
        tools: page.tools.map((tool) => ({
          ...tool,
          execution: { taskSupport: tool.annotations?.destructiveHint ? 'forbidden' : 'optional' },
        })),
      };
    });
    // The protocol layer refuses top-level arguments that are not an object (-32602); the execute
    // meta-tools' inner arguments are checked by toolArguments in discovery.
    server.setRequestHandler('tools/call', async (request, ctx) => {
      try {
        const caller = withMcpClient(await callerFor(), server.getClientVersion());
        const { name, arguments: args } = request.params;
        const target = await this.resolveCall(caller, narrowing, name, args ?? {});
        if ('answer' in target) return successResult(target.answer);
        const confirmation = confirmationOf(
          target.tool,
          target.args,
          await this.app.governance.confirmations.needs(caller, target.tool),
          { capabilities: clientCapabilitiesOf(era, ctx, server), responses: ctx.mcpReq.inputResponses },
          request.params._meta,
        );
        if ('resultType' in confirmation) return confirmation;
        const control = callControlOf(request.params._meta, ctx, cancelled);
        if (outOfBand || confirmation.confirmedInClient) control.confirmation = confirmation;
        control.log = hostLogOf(ctx, era, this.logLevels.get(logScope));
        return successResult(
          await loggedCall(control, target.tool, (c) => this.app.executor.execute(caller, target.tool, target.args, c)),
          target.tool.system,
        );
      } catch (error) {
        // A protocol error (the execute meta-tools' inner arguments not an object) stays one.
        if (error instanceof ProtocolError) throw error;
        const userAction = userActionRequired(error, era, clientCapabilitiesOf(era, ctx, server));
        if (userAction?.kind === 'throw') throw userAction.error;
        if (userAction?.kind === 'return') return userAction.result;
        return errorResult(error);
      }
    });
    return server;
  }

  /**
   * What a caller's tools/call of `name` runs under a request's narrowing (the task layer starts calls
   * itself). A catalog tool the caller may call is settled from the integrations that tool reaches alone,
   * as the view would settle it; a meta-tool, or a tool the caller cannot call (whose refusal says why in
   * the terms of the whole view), goes through the view, which asks about every integration.
   */
  async resolveCall(
    caller: Caller,
    narrowing: ToolSelection,
    name: string,
    args: Record<string, unknown>,
  ): Promise<CallTarget> {
    return (
      (await directCallTarget(this.app, this.selected, { caller, narrowing }, name, args)) ??
      callTargetOf(this.app.registry, await this.view(caller, narrowing), name, args)
    );
  }
}
