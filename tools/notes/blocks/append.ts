import type { BlockObjectRequest, Client } from '@notionhq/client';
import { requestBlock } from './from-markdown.js';
import type { BlockNode } from './types.js';

/** Notion takes at most this many blocks per append request, nested ones included in the count per level. */
const BATCH = 100;
/** ...and two levels of nesting in one request. */
const NESTING = 2;

const depthOf = (node: BlockNode): number => 1 + Math.max(0, ...node.children.map(depthOf));
const countOf = (nodes: readonly BlockNode[]): number => nodes.reduce((sum, node) => sum + 1 + countOf(node.children), 0);

/**
 * Appends blocks under a page or block within Notion's limits: batches of 100, children sent with
 * their parent when the subtree fits two levels and at most 100 children, otherwise the parent first
 * and its children appended to the id Notion gives it. Nothing is cut.
 */
export async function appendBlocks(client: Client, parentId: string, nodes: readonly BlockNode[]): Promise<{ blocks: number; requests: number }> {
  let requests = 0;
  for (let start = 0; start < nodes.length; start += BATCH) {
    const batch = nodes.slice(start, start + BATCH);
    const nested = batch.map((node) => depthOf(node) <= NESTING && node.children.length <= BATCH);
    const answer = await client.blocks.children.append({
      block_id: parentId,
      children: batch.map((node, i) => requestBlock(node, nested[i] ? NESTING : 1)) as BlockObjectRequest[],
    });
    requests += 1;
    const created = answer.results as Array<{ id: string }>;
    for (const [i, node] of batch.entries()) {
      if (nested[i] || node.children.length === 0) continue;
      requests += (await appendBlocks(client, created[i].id, node.children)).requests;
    }
  }
  return { blocks: countOf(nodes), requests };
}
