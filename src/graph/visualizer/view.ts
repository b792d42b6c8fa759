/**
 * The visualizer's client script, part 1 (inlined into the page inside one function scope with part
 * 2, controls.ts; plain ES2017 without template literals so it can live in a string): the graph model,
 * SVG drawing and a small force-directed layout (repulsion between every pair, springs along edges,
 * gravity to the centre, cooling until it settles, fitted to the view). Requests go through `api`, which
 * the embedding defines: REST with the user's token on the page (rest-api.ts), tool calls through the
 * host in the MCP App (src/mcp/app/).
 */
export const GRAPH_VIEW_SCRIPT = String.raw`
  var SVG_NS = 'http://www.w3.org/2000/svg';
  var PALETTE = ['#4f7cff', '#19a974', '#ff8c42', '#e5484d', '#8e4ec6', '#00a2c7', '#d6409f', '#a18072', '#f5b400', '#6e56cf', '#5b6475'];
  var colorOf = {};
  NODE_TYPES.forEach(function (t, i) { colorOf[t] = PALETTE[i % PALETTE.length]; });

  var state = { nodes: [], edges: [], byRef: {}, selected: {}, focus: {}, hiddenTypes: {}, alpha: 0, frame: 0, zoom: 1, panX: 0, panY: 0, autoFit: true };
  var el = function (id) { return document.getElementById(id); };
  var svg = el('canvas'), nodeLayer = el('nodes'), edgeLayer = el('edges'), edgeLabelLayer = el('edge-labels'), viewport = el('viewport');
  // Labels keep one size on screen whatever the zoom; which ones are drawn is decided by layoutLabels.
  var LABEL_PX = 11, EDGE_LABEL_PX = 9, EDGE_LABEL_ZOOM = 1.4;
  function say(text, isError) {
    var m = el('message');
    m.textContent = text;
    m.className = isError ? 'error' : '';
  }

  function refOf(n) { return n.node_type + ':' + n.node_id; }
  function edgeLabelOf(type) { return type.toLowerCase().replace(/_/g, ' '); }
  function labelOf(n) {
    var p = n.properties || {};
    var text = p.title || p.summary || p.name || p.full_name || p.login || p.key || (p.environment ? p.environment + ' ' + n.node_id : '') || (p.context_type ? p.context_type + ': ' + (p.key || '') : '') || n.node_id;
    text = String(text);
    return text.length > 28 ? text.slice(0, 27) + '…' : text;
  }

  // ---- graph model -------------------------------------------------------------------------
  function setGraph(data, merge) {
    if (!merge) { state.nodes = []; state.edges = []; state.byRef = {}; state.selected = {}; state.autoFit = true; }
    var box = svg.getBoundingClientRect();
    var cx = (box.width || 800) / 2, cy = (box.height || 600) / 2;
    data.nodes.forEach(function (n, i) {
      var ref = refOf(n);
      if (state.byRef[ref]) { state.byRef[ref].data = n; return; }
      var angle = i * 2.399963, radius = 20 + 9 * Math.sqrt(state.nodes.length + 1);
      var node = { ref: ref, data: n, x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle), vx: 0, vy: 0 };
      state.byRef[ref] = node;
      state.nodes.push(node);
    });
    var seen = {};
    state.edges.forEach(function (e) { seen[e.key] = true; });
    data.edges.forEach(function (e) {
      var key = e.from_node + '|' + e.edge_type + '|' + e.to_node;
      if (seen[key] || !state.byRef[e.from_node] || !state.byRef[e.to_node]) return;
      seen[key] = true;
      state.edges.push({ key: key, source: state.byRef[e.from_node], target: state.byRef[e.to_node], type: e.edge_type });
    });
    state.nodes.forEach(function (n) { n.degree = 0; });
    state.edges.forEach(function (e) { e.source.degree++; e.target.degree++; });
    render();
    renderFilter();
    renderSelection();
    kick();
  }

  // ---- drawing -----------------------------------------------------------------------------
  function render() {
    nodeLayer.textContent = '';
    edgeLayer.textContent = '';
    edgeLabelLayer.textContent = '';
    state.edges.forEach(function (e) {
      var line = document.createElementNS(SVG_NS, 'line');
      var title = document.createElementNS(SVG_NS, 'title');
      title.textContent = e.source.ref + ' ' + e.type + ' ' + e.target.ref;
      line.appendChild(title);
      e.el = line;
      edgeLayer.appendChild(line);
      var label = document.createElementNS(SVG_NS, 'text');
      label.setAttribute('data-edge', e.type);
      label.setAttribute('text-anchor', 'middle');
      label.classList.add('label-off');
      label.textContent = edgeLabelOf(e.type);
      e.label = label;
      edgeLabelLayer.appendChild(label);
    });
    state.nodes.forEach(function (n) {
      var g = document.createElementNS(SVG_NS, 'g');
      g.setAttribute('data-ref', n.ref);
      g.setAttribute('data-type', n.data.node_type);
      var c = document.createElementNS(SVG_NS, 'circle');
      c.setAttribute('r', n.data.node_type === 'user' ? 9 : 7);
      c.setAttribute('fill', colorOf[n.data.node_type] || '#5b6475');
      var title = document.createElementNS(SVG_NS, 'title');
      title.textContent = n.ref;
      c.appendChild(title);
      g.appendChild(c);
      var t = document.createElementNS(SVG_NS, 'text');
      t.classList.add('label-off');
      t.textContent = labelOf(n.data);
      n.label = t;
      g.appendChild(t);
      g.addEventListener('click', function (ev) { ev.stopPropagation(); select(n, ev.shiftKey); });
      g.addEventListener('dblclick', function (ev) { ev.stopPropagation(); expand(n); });
      g.addEventListener('mousedown', function (ev) { ev.stopPropagation(); startDrag(n, ev); });
      n.el = g;
      nodeLayer.appendChild(g);
    });
    applyVisibility();
    place();
  }

  function place() {
    state.edges.forEach(function (e) {
      e.el.setAttribute('x1', e.source.x.toFixed(1));
      e.el.setAttribute('y1', e.source.y.toFixed(1));
      e.el.setAttribute('x2', e.target.x.toFixed(1));
      e.el.setAttribute('y2', e.target.y.toFixed(1));
    });
    state.nodes.forEach(function (n) { n.el.setAttribute('transform', 'translate(' + n.x.toFixed(1) + ',' + n.y.toFixed(1) + ')'); });
    viewport.setAttribute('transform', 'translate(' + state.panX + ',' + state.panY + ') scale(' + state.zoom + ')');
    layoutLabels();
  }

  function visible(n) { return !state.hiddenTypes[n.data.node_type]; }

  function applyVisibility() {
    var nodes = 0, edges = 0;
    var dimming = hasFocus();
    state.nodes.forEach(function (n) {
      var v = visible(n);
      n.el.classList.toggle('hidden', !v);
      n.el.classList.toggle('dim', dimming && !focused(n));
      if (v) nodes++;
    });
    state.edges.forEach(function (e) {
      var v = visible(e.source) && visible(e.target);
      e.el.classList.toggle('hidden', !v);
      e.el.classList.toggle('dim', dimming && !touchesSelection(e));
      e.el.classList.toggle('focus', dimming && touchesSelection(e));
      if (v) edges++;
    });
    svg.setAttribute('data-visible-nodes', String(nodes));
    svg.setAttribute('data-visible-edges', String(edges));
  }

  // ---- force layout ------------------------------------------------------------------------
  function kick() {
    state.alpha = 1;
    svg.removeAttribute('data-settled');
    if (!state.frame) state.frame = requestAnimationFrame(tick);
  }

  function tick() {
    state.frame = 0;
    var nodes = state.nodes.filter(visible), n = nodes.length;
    var box = svg.getBoundingClientRect();
    var cx = (box.width || 800) / 2, cy = (box.height || 600) / 2;
    var repulsion = 900 * state.alpha, i, j, a, b, dx, dy, d2, f;
    for (i = 0; i < n; i++) {
      a = nodes[i];
      for (j = i + 1; j < n; j++) {
        b = nodes[j];
        dx = a.x - b.x; dy = a.y - b.y; d2 = dx * dx + dy * dy + 0.01;
        if (d2 > 90000) continue;
        f = repulsion / d2;
        a.vx += dx * f; a.vy += dy * f; b.vx -= dx * f; b.vy -= dy * f;
      }
      a.vx += (cx - a.x) * 0.004 * state.alpha;
      a.vy += (cy - a.y) * 0.004 * state.alpha;
    }
    state.edges.forEach(function (e) {
      if (!visible(e.source) || !visible(e.target)) return;
      dx = e.target.x - e.source.x; dy = e.target.y - e.source.y;
      var d = Math.sqrt(dx * dx + dy * dy) || 1, k = (d - 60) * 0.04 * state.alpha / d;
      e.source.vx += dx * k; e.source.vy += dy * k; e.target.vx -= dx * k; e.target.vy -= dy * k;
    });
    nodes.forEach(function (p) {
      if (p.fixed) { p.vx = 0; p.vy = 0; return; }
      p.vx *= 0.6; p.vy *= 0.6;
      p.x += Math.max(-20, Math.min(20, p.vx));
      p.y += Math.max(-20, Math.min(20, p.vy));
    });
    if (state.autoFit) fit(nodes);
    place();
    state.alpha *= 0.97;
    if (state.alpha > 0.02) state.frame = requestAnimationFrame(tick);
    else svg.setAttribute('data-settled', 'true');
  }

  /** Zooms and pans so every visible node (and its label) is in view. */
  function fit(nodes, maxZoom) {
    if (!nodes.length) return;
    var box = svg.getBoundingClientRect();
    var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    nodes.forEach(function (p) {
      minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y);
    });
    var width = maxX - minX + 40 + 150, height = maxY - minY + 60;
    state.zoom = Math.max(0.05, Math.min(maxZoom || 2, (box.width || 800) / width, (box.height || 600) / height));
    state.panX = ((box.width || 800) - (maxX + minX + 150) * state.zoom) / 2;
    state.panY = ((box.height || 600) - (maxY + minY) * state.zoom) / 2;
  }

`;
