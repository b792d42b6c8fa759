import { randomBytes } from 'node:crypto';
import type { Routes } from '../../http/route-module.js';
import { visualizerHtml } from '../visualizer/page.js';

/**
 * `GET /graph/visualizer`: the page needs no credentials itself (it holds no data); it calls the graph
 * routes with the token the user gives. The CSP allows only this page's own inline code (by nonce)
 * and requests to this origin.
 */
export function mountVisualizerRoute(routes: Routes, nodeTypes: readonly string[]): void {
  const operation = {
    method: 'get',
    path: '/visualizer',
    operationId: 'graphVisualizer',
    summary: 'The graph visualizer page',
    tag: 'graph',
    security: 'none',
    response: { text: 'text/html' },
  } as const;
  routes.add(operation, (_req, res) => {
    const nonce = randomBytes(16).toString('base64');
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.type('html').send(visualizerHtml(nonce, nodeTypes));
  });
}
