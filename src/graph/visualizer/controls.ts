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
    state.nodes.forEach(function (m) { m.el.classList.toggle('selected', !!state.selected[m.ref]); });
    renderSelection();
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
    refs.forEach(function (ref) {
      var n = state.byRef[ref];
      if (!n) return;
      var item = document.createElement('div');
      item.className = 'item';
      var head = document.createElement('strong');
      head.textContent = ref;
      var pre = document.createElement('pre');
      pre.textContent = JSON.stringify(n.data.properties, null, 2);
      item.appendChild(head);
      item.appendChild(pre);
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
  svg.addEventListener('wheel', function (ev) {
    ev.preventDefault();
    state.autoFit = false;
    state.zoom = Math.max(0.2, Math.min(4, state.zoom * (ev.deltaY < 0 ? 1.1 : 0.9)));
    place();
  }, { passive: false });
  svg.addEventListener('click', function () {
    state.selected = {};
    state.nodes.forEach(function (m) { m.el.classList.remove('selected'); });
    renderSelection();
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

  el('query-form').addEventListener('submit', function (ev) { ev.preventDefault(); runQuery(el('query').value); });

  window.graphView = { state: state, runQuery: runQuery, refreshStats: refreshStats };
  refreshStats().then(function () { return runQuery(el('query').value || INITIAL_QUERY); });
  setInterval(refreshStats, 5000);
`;
