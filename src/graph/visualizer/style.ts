/** The visualizer's stylesheet (inlined into the page). */
export const VISUALIZER_STYLE = `
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1d2433; background: #f6f7fb; height: 100vh; display: flex; flex-direction: column; }
header { display: flex; gap: 16px; align-items: center; padding: 8px 16px; background: #1d2433; color: #fff; }
header h1 { font-size: 16px; margin: 0; }
header .token input { width: 220px; margin-left: 4px; }
#stats { margin-left: auto; font-variant-numeric: tabular-nums; }
.layout { flex: 1; display: flex; min-height: 0; }
aside { width: 300px; overflow: auto; padding: 8px 12px; background: #fff; border-right: 1px solid #dde1ea; }
aside h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: #5b6475; }
#type-filter label { display: flex; align-items: center; gap: 6px; padding: 2px 0; cursor: pointer; }
.swatch { width: 10px; height: 10px; border-radius: 50%; display: inline-block; }
.count { margin-left: auto; color: #5b6475; font-variant-numeric: tabular-nums; }
#selection .item { border: 1px solid #dde1ea; border-radius: 6px; padding: 6px; margin-bottom: 6px; }
#selection pre { margin: 4px 0 0; white-space: pre-wrap; word-break: break-word; font-size: 12px; max-height: 180px; overflow: auto; }
.hint { color: #5b6475; }
main { flex: 1; display: flex; flex-direction: column; min-width: 0; padding: 8px 12px; }
#query-form { display: flex; gap: 8px; }
#query { flex: 1; font: 13px ui-monospace, monospace; padding: 6px 8px; }
#message { min-height: 20px; margin: 4px 0; }
#message.error { color: #b3261e; }
.examples { margin: 0 0 6px; color: #5b6475; font-size: 12px; }
main .canvas-wrap { flex: 1; position: relative; display: flex; min-height: 0; }
#canvas { flex: 1; width: 100%; background: #fff; border: 1px solid #dde1ea; border-radius: 6px; cursor: grab; }
#edges line { stroke: #aab2c3; stroke-width: 1.2; }
#nodes circle { stroke: #fff; stroke-width: 1.5; cursor: pointer; }
#nodes g.selected circle { stroke: #1d2433; stroke-width: 3; }
#nodes text { fill: #1d2433; pointer-events: none; paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
#edge-labels text { fill: #5b6475; pointer-events: none; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
#edges line.focus { stroke: #1d2433; stroke-width: 1.8; }
.dim { opacity: .18; }
.label-off { display: none; }
.zoom { position: absolute; top: 8px; right: 8px; display: flex; gap: 4px; }
.zoom button { min-width: 30px; }
#empty { position: absolute; inset: 20% 20% auto; background: #fff; border: 1px solid #dde1ea; border-radius: 8px; padding: 16px 20px; text-align: center; box-shadow: 0 4px 16px rgba(29,36,51,.08); }
#empty h2 { margin: 0 0 8px; font-size: 16px; }
#selection .ref { color: #5b6475; font-size: 12px; word-break: break-all; }
#selection .actions { display: flex; gap: 6px; margin-bottom: 6px; }
.relationships { list-style: none; padding: 0; margin: 6px 0; max-height: 260px; overflow: auto; }
.relationships li { display: flex; gap: 6px; align-items: baseline; font-size: 12px; padding: 1px 0; }
.relationships .edge-type { color: #5b6475; white-space: nowrap; }
button.link { background: none; border: 0; padding: 0; color: #2e5bd8; cursor: pointer; text-align: left; font: inherit; }
.hidden { display: none; }
`;
