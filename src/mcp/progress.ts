import type { ServerContext } from '@modelcontextprotocol/server';
import type { CallControl } from '../toolkit/define-tool.js';

/** Fan-outs report per resource; a host needs no more than this many updates a second. */
const MIN_INTERVAL_MS = 100;

/**
 * How an MCP call is controlled: the protocol's cancellation aborts it (upstream requests included),
 * and a client that sent a progress token hears `notifications/progress` as the call advances (at most
 * one update per 100 ms, and always the last one).
 */
export function callControlOf(
  meta: { progressToken?: string | number } | undefined,
  ctx: ServerContext,
  cancelled?: AbortSignal,
): CallControl {
  const signal = cancelled ? eitherAborts(ctx.mcpReq.signal, cancelled) : ctx.mcpReq.signal;
  const progressToken = meta?.progressToken;
  if (progressToken === undefined) return { signal };
  let last = 0;
  return {
    signal,
    onProgress: (update) => {
      const now = Date.now();
      const final = update.total !== undefined && update.progress >= update.total;
      if (!final && now - last < MIN_INTERVAL_MS) return;
      last = now;
      void ctx.mcpReq
        .notify({ method: 'notifications/progress', params: { progressToken, ...update } })
        .catch(() => undefined);
    },
  };
}

/**
 * A signal that aborts when either does, with its reason. Not `AbortSignal.any`, which follows its sources
 * through weak references and a finalizer so that long-lived sources do not keep it alive: both of these
 * live for one request, so plain listeners are enough.
 */
function eitherAborts(first: AbortSignal, second: AbortSignal): AbortSignal {
  const already = first.aborted ? first : second.aborted ? second : undefined;
  if (already) return AbortSignal.abort(already.reason);
  const either = new AbortController();
  const follow = (source: AbortSignal) =>
    source.addEventListener('abort', () => either.abort(source.reason), { once: true });
  follow(first);
  follow(second);
  return either.signal;
}
