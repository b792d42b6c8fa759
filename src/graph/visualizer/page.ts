import { CONTROLS_SCRIPT } from './controls.js';
import { PAGE_START_SCRIPT, REST_API_SCRIPT } from './rest-api.js';
import { LABELS_SCRIPT } from './labels.js';
import { GRAPH_VIEW_SCRIPT } from './view.js';
import { VISUALIZER_STYLE } from './style.js';

/** Query the page runs first: a sample of connected entities. */
export const INITIAL_QUERY = 'MATCH (a)-[]-(b) LIMIT 300';

/** The query box every embedding of the renderer offers. */
export const QUERY_FORM_MARKUP = `<form id="query-form" autocomplete="off">
      <input id="query" spellcheck="false" aria-label="Graph query" value="${INITIAL_QUERY}">
      <button id="run" type="submit">Run</button>
    </form>`;

/** The drawing surface and its zoom buttons, as every embedding of the renderer lays them out. */
export const CANVAS_MARKUP = `<svg id="canvas" role="img" aria-label="Graph view" data-visible-nodes="0" data-visible-edges="0"><g id="viewport"><g id="edges"></g><g id="edge-labels"></g><g id="nodes"></g></g></svg>
      <div class="zoom" role="group" aria-label="Zoom"><button id="zoom-in" type="button" title="Zoom in">+</button><button id="zoom-out" type="button" title="Zoom out">−</button><button id="zoom-fit" type="button" title="Fit the graph">Fit</button></div>`;

/**
 * The renderer's script in one function scope: its globals, the view, labels and controls, with the
 * embedding's own `api` (requests) and start, for the graph's node types (their order picks their colours).
 */
export function viewerScript(requests: string, start: string, nodeTypes: readonly string[]): string {
  return `(function () {
'use strict';
var NODE_TYPES = ${JSON.stringify(nodeTypes)};
var INITIAL_QUERY = ${JSON.stringify(INITIAL_QUERY)};
${GRAPH_VIEW_SCRIPT}
${requests}
${LABELS_SCRIPT}
${CONTROLS_SCRIPT}
${start}
})();`;
}

/**
 * The visualizer: one self-contained HTML page (inline script and style, no network beyond this
 * server's own graph routes). The token comes from the URL fragment (`#token=...`) or the token field;
 * in demo mode the page works without one.
 */
export function visualizerHtml(nonce: string, nodeTypes: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Constellation knowledge graph</title>
<style nonce="${nonce}">${VISUALIZER_STYLE}</style>
</head>
<body>
<header>
  <h1>Constellation graph</h1>
  <label class="token">Token <input id="token" type="password" autocomplete="off" placeholder="JWT (optional in demo mode)"></label>
  <div id="stats" aria-live="polite"><span id="stat-nodes">–</span> nodes · <span id="stat-edges">–</span> edges · <span id="stat-feed">–</span> activity records</div>
</header>
<div class="layout">
  <aside>
    <section>
      <h2>Entity types</h2>
      <div id="type-filter"></div>
    </section>
    <section>
      <h2>Selection <small>(shift-click to add)</small></h2>
      <div id="selection"><p class="hint">Click a node to select it and list its relationships; double-click to expand its neighbours.</p></div>
    </section>
  </aside>
  <main>
    ${QUERY_FORM_MARKUP}
    <div id="message" role="status"></div>
    <p class="examples">Examples: <code>MATCH (n:user)</code> · <code>MATCH (n:issue) WHERE n.status = 'In Progress'</code> ·
      <code>MATCH (a:user)-[:AUTHORED_BY]-(b:pull_request)</code> · <code>PATH FROM issue:PAY-101 TO space:ENG</code></p>
    <div class="canvas-wrap">
      ${CANVAS_MARKUP}
      <div id="empty" class="hidden" role="note">
        <h2>This graph is empty</h2>
        <p>The knowledge graph fills up as tools run: every result an agent reads (repositories, pull requests, people...) becomes nodes and relationships here.</p>
        <p>Run a few tools, or load a sample team to explore (development servers only).</p>
        <button id="load-sample" type="button">Load the sample graph</button>
      </div>
    </div>
  </main>
</div>
<script nonce="${nonce}">
${viewerScript(REST_API_SCRIPT, PAGE_START_SCRIPT, nodeTypes)}
</script>
</body>
</html>`;
}
