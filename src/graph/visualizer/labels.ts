/**
 * The visualizer's client script, label placement (shares the scope of view.ts and controls.ts):
 * which node and edge labels are drawn so that a few hundred nodes stay readable.
 */
export const LABELS_SCRIPT = String.raw`
  function focused(n) { return !!state.focus[n.ref]; }
  function hasFocus() { return Object.keys(state.focus).length > 0; }
  function touchesSelection(e) { return !!(state.selected[e.source.ref] || state.selected[e.target.ref]); }

  /**
   * Draws only labels that overlap no other label, in screen space: the selection and its
   * neighbourhood first, then nodes by degree (those also keep clear of other circles); edge labels for
   * the selection's edges, and for every edge once zoomed in.
   */
  function layoutLabels() {
    var z = state.zoom, labels = [], circles = [];
    var hits = function (list, box) {
      for (var i = 0; i < list.length; i++) {
        var r = list[i];
        if (box[0] < r[2] && box[2] > r[0] && box[1] < r[3] && box[3] > r[1]) return true;
      }
      return false;
    };
    var claim = function (box, mayCoverCircles) {
      if (hits(labels, box) || (!mayCoverCircles && hits(circles, box))) return false;
      labels.push(box);
      return true;
    };
    var screen = function (x, y) { return [x * z + state.panX, y * z + state.panY]; };
    var rank = function (n) { return (state.selected[n.ref] ? 1e6 : 0) + (focused(n) ? 1e5 : 0) + n.degree; };
    var nodes = state.nodes.filter(visible).sort(function (a, b) { return rank(b) - rank(a); });
    nodes.forEach(function (n) {
      var p = screen(n.x, n.y), r = 8 * z;
      circles.push([p[0] - r, p[1] - r, p[0] + r, p[1] + r]);
    });
    var nodeLabels = 0, edgeLabels = 0;
    nodes.forEach(function (n) {
      var p = screen(n.x, n.y), x1 = p[0] + 9 * z + 3;
      var box = [x1, p[1] - LABEL_PX * 0.75, x1 + n.label.textContent.length * LABEL_PX * 0.58, p[1] + LABEL_PX * 0.35];
      var on = claim(box, focused(n));
      if (on) {
        nodeLabels++;
        n.label.setAttribute('font-size', (LABEL_PX / z).toFixed(2));
        n.label.setAttribute('x', (9 + 3 / z).toFixed(2));
        n.label.setAttribute('y', (4 / z).toFixed(2));
      }
      n.label.classList.toggle('label-off', !on);
    });
    state.edges.forEach(function (e) {
      var on = false;
      if (visible(e.source) && visible(e.target) && (touchesSelection(e) || z >= EDGE_LABEL_ZOOM)) {
        var mx = (e.source.x + e.target.x) / 2, my = (e.source.y + e.target.y) / 2, p = screen(mx, my);
        var half = e.label.textContent.length * EDGE_LABEL_PX * 0.3;
        on = claim([p[0] - half, p[1] - EDGE_LABEL_PX - 2, p[0] + half, p[1] - 1], true);
        if (on) {
          edgeLabels++;
          e.label.setAttribute('x', mx.toFixed(1));
          e.label.setAttribute('y', (my - 3 / z).toFixed(1));
          e.label.setAttribute('font-size', (EDGE_LABEL_PX / z).toFixed(2));
        }
      }
      e.label.classList.toggle('label-off', !on);
    });
    svg.setAttribute('data-node-labels', String(nodeLabels));
    svg.setAttribute('data-edge-labels', String(edgeLabels));
  }

`;
