/**
 * The visualizer's client script, part 2 (shares the scope of part 1, view.ts): selection with
 * shift-click, expansion on double-click, pan and zoom, the entity-type filter, live statistics and
 * the query box.
 */
export const CONTROLS_SCRIPT = String.raw`
  // ---- interaction -------------------------------------------------------------------------
  function select(n, additive) {
    if (!additive) state.selected = {};
    if (additive && state.selected[n.ref]) delete state.selected[n.ref];
    else state.selected[n.ref] = true;
    refocus();
  }

  /** The selection and its neighbours are the focus: drawn in full and labelled, the rest dimmed. */
  function refocus() {
    state.focus = {};
    Object.keys(state.selected).forEach(function (ref) { state.focus[ref] = true; });
    state.edges.forEach(function (e) {
      if (state.selected[e.source.ref]) state.focus[e.target.ref] = true;
      if (state.selected[e.target.ref]) state.focus[e.source.ref] = true;
    });
    state.nodes.forEach(function (m) { m.el.classList.toggle('selected', !!state.selected[m.ref]); });
    applyVisibility();
    layoutLabels();
    renderSelection();
  }

  /** Zooms onto the focused neighbourhood. */
  function focusView() {
    var nodes = state.nodes.filter(function (n) { return visible(n) && state.focus[n.ref]; });
    if (!nodes.length) return;
    state.autoFit = false;
    fit(nodes, 2.5);
    place();
  }

  function relationshipsOf(n) {
    var list = [];
    state.edges.forEach(function (e) {
      if (e.source === n) list.push({ edge: e, outgoing: true, other: e.target });
      else if (e.target === n) list.push({ edge: e, outgoing: false, other: e.source });
    });
    return list;
  }

  function relationshipList(n) {
    var rels = relationshipsOf(n);
    var list = document.createElement('ul');
    list.className = 'relationships';
    rels.forEach(function (r) {
      var li = document.createElement('li');
      li.setAttribute('data-edge-type', r.edge.type);
      li.setAttribute('data-other', r.other.ref);
      var kind = document.createElement('span');
      kind.className = 'edge-type';
      kind.textContent = (r.outgoing ? '→ ' : '← ') + edgeLabelOf(r.edge.type);
      var other = document.createElement('button');
      other.type = 'button';
      other.className = 'link';
      other.textContent = labelOf(r.other.data) + ' (' + r.other.data.node_type + ')';
      other.title = r.other.ref;
      other.addEventListener('click', function () { select(r.other, false); });
      li.appendChild(kind);
      li.appendChild(other);
      list.appendChild(li);
    });
    var head = document.createElement('div');
    head.className = 'rel-head';
    head.textContent = rels.length ? rels.length + ' relationship' + (rels.length === 1 ? '' : 's') + ' shown' : 'No relationships shown: double-click to expand';
    var wrap = document.createElement('div');
    wrap.appendChild(head);
    wrap.appendChild(list);
    return wrap;
  }

  function renderSelection() {
    var box = el('selection');
    var refs = Object.keys(state.selected);
    box.textContent = '';
    box.setAttribute('data-count', String(refs.length));
    if (!refs.length) {
      var hint = document.createElement('p');
      hint.className = 'hint';
      hint.textContent = 'Click a node to select it; double-click to expand its neighbours.';
      box.appendChild(hint);
      return;
    }
    var actions = document.createElement('div');
    actions.className = 'actions';
    [['focus-neighbourhood', 'Focus on neighbourhood', focusView], ['expand', 'Expand', function () { refs.forEach(function (ref) { if (state.byRef[ref]) expand(state.byRef[ref]); }); }]].forEach(function (spec) {
      var button = document.createElement('button');
      button.type = 'button';
      button.id = spec[0];
      button.textContent = spec[1];
      button.addEventListener('click', spec[2]);
      actions.appendChild(button);
    });
    box.appendChild(actions);
    refs.forEach(function (ref) {
      var n = state.byRef[ref];
      if (!n) return;
      var item = document.createElement('div');
      item.className = 'item';
      var head = document.createElement('strong');
      head.textContent = labelOf(n.data);
      var sub = document.createElement('div');
      sub.className = 'ref';
      sub.textContent = ref;
      var details = document.createElement('details');
      var summary = document.createElement('summary');
      summary.textContent = 'Properties';
      var pre = document.createElement('pre');
      pre.textContent = JSON.stringify(n.data.properties, null, 2);
      details.appendChild(summary);
      details.appendChild(pre);
      item.appendChild(head);
      item.appendChild(sub);
      item.appendChild(relationshipList(n));
      item.appendChild(details);
      box.appendChild(item);
    });
  }

  function expand(n) {
    api('POST', '/graph/traverse', { entity_type: n.data.node_type, entity_id: n.data.node_id, depth: 1, max_nodes: 200 })
      .then(function (res) { setGraph(res.data, true); say('Expanded ' + n.ref + ': ' + res.metadata.node_count + ' nodes'); })
      .catch(function (err) { say(err.message, true); });
  }

  var drag = null;
  function startDrag(n, ev) { drag = { node: n, x: ev.clientX, y: ev.clientY }; n.fixed = true; }
  svg.addEventListener('mousedown', function (ev) { drag = { pan: true, x: ev.clientX, y: ev.clientY }; });
  window.addEventListener('mousemove', function (ev) {
    if (!drag) return;
    var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    drag.x = ev.clientX; drag.y = ev.clientY;
    state.autoFit = false;
    if (drag.pan) { state.panX += dx; state.panY += dy; }
    else { drag.node.x += dx / state.zoom; drag.node.y += dy / state.zoom; }
    place();
  });
  window.addEventListener('mouseup', function () { if (drag && drag.node) drag.node.fixed = false; drag = null; });
  /** Zooms by a factor keeping the screen point (x, y) of the canvas still. */
  function zoomAt(factor, x, y) {
    state.autoFit = false;
    var zoom = Math.max(0.05, Math.min(6, state.zoom * factor));
    state.panX = x - (x - state.panX) * (zoom / state.zoom);
    state.panY = y - (y - state.panY) * (zoom / state.zoom);
    state.zoom = zoom;
    place();
  }
  svg.addEventListener('wheel', function (ev) {
    ev.preventDefault();
    var box = svg.getBoundingClientRect();
    zoomAt(ev.deltaY < 0 ? 1.15 : 1 / 1.15, ev.clientX - box.left, ev.clientY - box.top);
  }, { passive: false });
  var centre = function () { var box = svg.getBoundingClientRect(); return [box.width / 2, box.height / 2]; };
  el('zoom-in').addEventListener('click', function () { var c = centre(); zoomAt(1.3, c[0], c[1]); });
  el('zoom-out').addEventListener('click', function () { var c = centre(); zoomAt(1 / 1.3, c[0], c[1]); });
  el('zoom-fit').addEventListener('click', function () { state.autoFit = true; fit(state.nodes.filter(visible)); place(); });
  svg.addEventListener('click', function () {
    state.selected = {};
    refocus();
  });

  // ---- type filter and statistics ----------------------------------------------------------
  var counts = {};
  function renderFilter() {
    var box = el('type-filter');
    var present = {};
    state.nodes.forEach(function (n) { present[n.data.node_type] = (present[n.data.node_type] || 0) + 1; });
    box.textContent = '';
    NODE_TYPES.forEach(function (type) {
      if (!present[type] && !counts[type]) return;
      var label = document.createElement('label');
      var box2 = document.createElement('input');
      box2.type = 'checkbox';
      box2.checked = !state.hiddenTypes[type];
      box2.setAttribute('data-type', type);
      box2.addEventListener('change', function () {
        if (box2.checked) delete state.hiddenTypes[type]; else state.hiddenTypes[type] = true;
        applyVisibility();
        kick();
      });
      var swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = colorOf[type];
      var name = document.createElement('span');
      name.textContent = type;
      var count = document.createElement('span');
      count.className = 'count';
      count.textContent = (present[type] || 0) + ' / ' + (counts[type] || 0);
      label.appendChild(box2); label.appendChild(swatch); label.appendChild(name); label.appendChild(count);
      box.appendChild(label);
    });
  }

  function refreshStats() {
    return api('GET', '/graph/stats').then(function (res) {
      el('empty').classList.toggle('hidden', res.data.total_nodes !== 0);
      el('stat-nodes').textContent = res.data.total_nodes;
      el('stat-edges').textContent = res.data.total_edges;
      el('stat-feed').textContent = res.data.global_feed_size;
      counts = res.data.nodes_by_type || {};
      renderFilter();
    }).catch(function (err) { say(err.message, true); });
  }

  // ---- queries -----------------------------------------------------------------------------
  function runQuery(text) {
    say('Running…');
    return api('POST', '/graph/query', { query: text }).then(function (res) {
      setGraph(res.data, false);
      var m = res.metadata;
      say(m.kind === 'path' && !m.path_found ? 'No path found' : m.node_count + ' nodes, ' + m.edge_count + ' edges');
    }).catch(function (err) { say(err.message, true); });
  }

  el('load-sample').addEventListener('click', function () {
    say('Loading the sample graph…');
    api('POST', '/graph/seed').then(function (res) {
      say(res.data.message);
      return refreshStats().then(function () { return runQuery(INITIAL_QUERY); });
    }).catch(function (err) { say('The sample could not be loaded: ' + err.message, true); });
  });

  el('query-form').addEventListener('submit', function (ev) { ev.preventDefault(); runQuery(el('query').value); });

  window.graphView = { state: state, runQuery: runQuery, refreshStats: refreshStats };
`;
