import type { BlockObjectRequest, Client } from '@notionhq/client';
import { requestBlock } from './from-markdown.js';
import type { BlockNode } from './types.js';

/** Notion takes at most 100 blocks in one children array, */
const BATCH = 100;
/** two levels of nesting in one request, */
const NESTING = 2;
/** and 1000 blocks in one request, nested ones included. */
const REQUEST_BLOCKS = 1000;

const depthOf = (node: BlockNode): number => 1 + Math.max(0, ...node.children.map(depthOf));
const countOf = (nodes: readonly BlockNode[]): number =>
  nodes.reduce((sum, node) => sum + 1 + countOf(node.children), 0);
/**
 * The children sent inside a block's own request: all of them up to 100 when the subtree fits two
 * levels (a table must arrive with its rows), none otherwise; the rest are appended to the new block.
 */
const inlineChildren = (node: BlockNode): readonly BlockNode[] =>
  depthOf(node) <= NESTING ? node.children.slice(0, BATCH) : [];

/** The next request's blocks from `start`: at most 100, and at most 1000 counting the children sent with them. */
function nextBatch(nodes: readonly BlockNode[], start: number): BlockNode[] {
  const batch: BlockNode[] = [];
  let size = 0;
  for (let i = start; i < nodes.length && batch.length < BATCH; i++) {
    const weight = 1 + inlineChildren(nodes[i]).length;
    if (batch.length > 0 && size + weight > REQUEST_BLOCKS) break;
    batch.push(nodes[i]);
    size += weight;
  }
  return batch;
}

/**
 * Appends blocks under a page or block within Notion's limits: batches of at most 100 blocks and 1000
 * with their children, a block's first 100 children sent with it when its subtree fits two levels,
 * any other children appended to the id Notion gives it. Nothing is cut.
 */
export async function appendBlocks(
  client: Client,
  parentId: string,
  nodes: readonly BlockNode[],
): Promise<{ blocks: number; requests: number }> {
  let requests = 0;
  for (let start = 0; start < nodes.length;) {
    const batch = nextBatch(nodes, start);
    start += batch.length;
    const answer = await client.blocks.children.append({
      block_id: parentId,
      children: batch.map((node) =>
        requestBlock({ ...node, children: [...inlineChildren(node)] }, NESTING),
      ) as BlockObjectRequest[],
    });
    requests += 1;
    const created = answer.results as Array<{ id: string }>;
    for (const [i, node] of batch.entries()) {
      const rest = node.children.slice(inlineChildren(node).length);
      if (rest.length > 0) requests += (await appendBlocks(client, created[i].id, rest)).requests;
    }
  }
  return { blocks: countOf(nodes), requests };
}
