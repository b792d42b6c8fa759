import type { Tool } from '@modelcontextprotocol/server';
import type { PolicyVisibility } from '../governance/policy/tenant-policies.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { ToolSelection } from '../toolkit/registry.js';
import type { Discovery } from './discovery.js';

/** What one session sees: the tools its caller, the server's settings and the request's narrowing allow. */
export interface View {
  readonly mode: 'full' | 'discovery';
  readonly tools: readonly ToolDefinition[];
  readonly listed: readonly Tool[];
  /** A visible tool by name, or an error saying why it cannot be called. */
  resolve(name: string): ToolDefinition;
  readonly discovery: Discovery;
}

/** A view whose list and discovery are made on first use: a tools/call needs neither. */
export function lazyView(
  settled: Pick<View, 'mode' | 'tools' | 'resolve'>,
  listOf: () => Tool[],
  discoveryOf: () => Discovery,
): View {
  let listed: Tool[] | undefined;
  let discovery: Discovery | undefined;
  return {
    ...settled,
    get listed() {
      return (listed ??= listOf());
    },
    get discovery() {
      return (discovery ??= discoveryOf());
    },
  };
}

/** How many views are kept: one per set of available integrations, narrowing and policy seen last. */
const VIEWS_KEPT = 256;

/**
 * Views by what they depend on, the caller's available integrations, the request's narrowing and what the
 * tenant's policy lets the caller see: every MCP request over HTTP asks for one, and callers alike share it.
 * Narrowing headers are the client's to choose, so only the most recent are kept.
 */
export class Views {
  private readonly kept = new Map<string, View>();

  constructor(
    private readonly build: (
      available: ReadonlySet<string>,
      narrowing: ToolSelection,
      visibility: PolicyVisibility,
    ) => View,
  ) {}

  of(available: ReadonlySet<string>, narrowing: ToolSelection, visibility: PolicyVisibility): View {
    const key = JSON.stringify([
      [...available].sort(),
      narrowing.readOnly,
      narrowing.toolsets,
      narrowing.tools,
      visibility.key,
    ]);
    let view = this.kept.get(key);
    if (!view) {
      if (this.kept.size >= VIEWS_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      view = this.build(available, narrowing, visibility);
      this.kept.set(key, view);
    }
    return view;
  }
}
