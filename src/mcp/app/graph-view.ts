import { CANVAS_MARKUP, QUERY_FORM_MARKUP, viewerScript } from '../../graph/visualizer/page.js';
import { VISUALIZER_STYLE } from '../../graph/visualizer/style.js';
import { appsLibraryScript } from './bridge-bundle.js';

/**
 * The view's side of the App: the renderer's requests become tool calls through the host (expanding a
 * node is graph_traverse, the query box graph_query), statistics are those of what is drawn, and each
 * tool result the host hands over is drawn.
 */
const APP_SCRIPT = String.raw`
  var app = new McpApps.App({ name: 'Constellation graph', version: '1.0.0' });

  function nodeOfRef(ref) {
    var at = ref.indexOf(':');
    return { node_type: ref.slice(0, at), node_id: ref.slice(at + 1), properties: {} };
  }
  // (Function declarations: the view and controls, earlier in the same scope, call api.)
  // The graph a tool result holds: traverse and query give nodes and edges, a path gives node refs,
  // an entity's context gives the entity, its neighbours and its relationships.
  function graphOf(result) {
    if (!result) return { nodes: [], edges: [] };
    if (result.entity) {
      return {
        nodes: [result.entity].concat(result.connected_entities || []),
        edges: (result.outgoing_relationships || []).concat(result.incoming_relationships || []),
      };
    }
    var nodes = (result.nodes || []).map(function (n) { return typeof n === 'string' ? nodeOfRef(n) : n; });
    return { nodes: nodes, edges: result.edges || [] };
  }
  function toolCall(name, args) {
    return app.callServerTool({ name: name, arguments: args }).then(function (result) {
      if (result.isError) {
        var text = (result.content || []).map(function (c) { return c.text || ''; }).join(' ');
        var parsed = null;
        try { parsed = JSON.parse(text); } catch (e) { parsed = null; }
        throw new Error(parsed && parsed.error ? parsed.error.message : text || 'The tool failed');
      }
      var data = graphOf(result.structuredContent);
      return { data: data, metadata: { kind: 'match', node_count: data.nodes.length, edge_count: data.edges.length } };
    });
  }
  function api(method, path, body) {
    if (path === '/graph/traverse') return toolCall('graph_traverse', body);
    if (path === '/graph/query') return toolCall('graph_query', body);
    if (path === '/graph/stats') {
      var byType = {};
      state.nodes.forEach(function (n) { byType[n.data.node_type] = (byType[n.data.node_type] || 0) + 1; });
      return Promise.resolve({ data: { total_nodes: state.nodes.length, total_edges: state.edges.length, global_feed_size: '–', nodes_by_type: byType } });
    }
    return Promise.reject(new Error('Not available in this view'));
  }
  function show(result) {
    var data = graphOf(result.structuredContent);
    setGraph(data, false);
    say(data.nodes.length + ' nodes, ' + data.edges.length + ' edges');
    refreshStats();
  }
  app.ontoolresult = show;
  app.connect().catch(function (err) { say('The host did not connect: ' + err.message, true); });
  window.graphApp = app;
`;

/** The App's HTML: the visualizer's markup and renderer, the Apps library, all inline (no network). */
export function graphAppHtml(nodeTypes: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Constellation graph</title>
<style>${VISUALIZER_STYLE}
header, .examples, #empty { display: none !important; }
body { margin: 0; }
</style>
</head>
<body class="mcp-app">
<header><div id="stats"><span id="stat-nodes">–</span><span id="stat-edges">–</span><span id="stat-feed">–</span></div></header>
<div class="layout">
  <aside>
    <section><h2>Entity types</h2><div id="type-filter"></div></section>
    <section><h2>Selection</h2><div id="selection"><p class="hint">Click a node to list its relationships; double-click to expand it.</p></div></section>
  </aside>
  <main>
    ${QUERY_FORM_MARKUP}
    <div id="message" role="status">Waiting for a result…</div>
    <div class="canvas-wrap">
      ${CANVAS_MARKUP}
      <div id="empty" class="hidden"><button id="load-sample" type="button">Load</button></div>
    </div>
  </main>
</div>
<script>${appsLibraryScript()}</script>
<script>
${viewerScript('', APP_SCRIPT, nodeTypes)}
</script>
</body>
</html>`;
}
