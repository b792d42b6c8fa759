// What the tool list and the resource list say of the graph view, apart from its page (./graph-view.ts): a start
// lists both, and the page (the visualizer's markup, style and script) is loaded with the first read of it.

/** The graph view as an MCP App: hosts that render MCP Apps show the graph tools' results with it. */
export const GRAPH_APP_URI = 'ui://constellation/graph-view.html';
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The graph tools whose results are graphs the view can draw. */
export const GRAPH_APP_TOOLS = new Set([
  'graph_traverse',
  'graph_find_path',
  'graph_get_entity_context',
  'graph_query',
]);
