import type { Caller, ClientMap, ClientProvider, Clock, IntegrationId, Logger } from './context.js';
import type {
  CallControl,
  ListPage,
  ProgressUpdate,
  ServiceMap,
  ToolDefinition,
  ToolRunContext,
} from './define-tool.js';
import { AppError, toAppError } from './errors.js';
import { fanOut, type FanOutFailure } from './fan-out.js';
import type { PageRequest } from './pagination.js';
import { POLICIES, withCallScope, type RetryPolicy } from './retry.js';

/** What one run of a tool's handler produced: its raw result and the sources or resources that failed. */
interface ToolRunOutcome {
  raw: Record<string, unknown> | ListPage<unknown>;
  failures: FanOutFailure[];
}

export interface ToolCallDeps {
  clients: ClientProvider;
  /** The integrations a tool's handler reaches (its system's). */
  integrationsOf: (tool: ToolDefinition) => readonly string[];
  services: ServiceMap;
  clock: Clock;
  log: Logger;
  mapUpstreamError: (error: unknown) => AppError | undefined;
  timeoutMs: number;
}

function retryPolicyOf(tool: ToolDefinition): RetryPolicy {
  switch (tool.capability.type) {
    case 'read':
      return POLICIES.read;
    case 'analytical':
      return POLICIES.analytical;
    case 'action':
      return tool.capability.idempotent ? POLICIES.actionIdempotent : POLICIES.actionOnce;
  }
}

type ClientLookup = <K extends IntegrationId>(integration: K) => ClientMap[K];

type ClientOutcome = { client: unknown } | { error: unknown };

const outcomeOf = (pending: Promise<unknown>): Promise<ClientOutcome> =>
  pending.then(
    (client) => ({ client }),
    (error: unknown) => ({ error }),
  );

/**
 * The clients of the integrations a tool reaches, resolved before its handler runs: resolving reads the
 * credential sources (a store among them), while handlers ask for a client synchronously. One resolution
 * per integration and call; a client that could not be had is refused where the handler asks for it.
 */
async function resolveClients(
  clients: ClientProvider,
  caller: Caller,
  integrations: readonly string[],
): Promise<ClientLookup> {
  const resolve = (id: string) => {
    try {
      return outcomeOf(clients.get(caller, id as IntegrationId));
    } catch (error) {
      return Promise.resolve({ error });
    }
  };
  // Most tools reach one integration: its client is awaited alone.
  const outcomes =
    integrations.length === 1 ? [await resolve(integrations[0])] : await Promise.all(integrations.map(resolve));
  return <K extends IntegrationId>(integration: K): ClientMap[K] => {
    const outcome = outcomes[integrations.indexOf(integration)] as ClientOutcome | undefined;
    if (!outcome) throw new AppError('NOT_CONFIGURED', `No connector is installed for ${integration}`);
    if ('error' in outcome) throw outcome.error;
    return outcome.client as ClientMap[K];
  };
}

/**
 * Runs a tool's handler once, under its capability's retry policy and the call's deadline (every
 * upstream request carries the deadline's signal; reaching it is a 504 UPSTREAM_TIMEOUT). Resources of
 * a fan-out and sources of a gather that fail are collected, in one vocabulary, as the call's
 * failures; when every gathered source failed, the call fails.
 */
export async function runToolOnce(
  deps: ToolCallDeps,
  caller: Caller,
  tool: ToolDefinition,
  args: Record<string, unknown>,
  page: PageRequest,
  control: CallControl = {},
): Promise<ToolRunOutcome> {
  const failures: FanOutFailure[] = [];
  let sourceCount = 0;
  let sourceFailures = 0;
  // The error is built only when the deadline strikes: an AppError captures a stack, too dear per call.
  const deadline = () =>
    new AppError(
      'UPSTREAM_TIMEOUT',
      `${tool.name} did not finish within its ${Math.round(deps.timeoutMs / 100) / 10} s limit`,
    );
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(deadline()), deps.timeoutMs);
  const signal = controller.signal;
  const cancel = () => controller.abort(new AppError('CANCELLED', `${tool.name} was cancelled by the caller`));
  if (control.signal?.aborted) cancel();
  control.signal?.addEventListener('abort', cancel, { once: true });
  const progress = (update: ProgressUpdate) => {
    try {
      control.onProgress?.(update);
    } catch (error) {
      deps.log.warn('progress listener failed', {
        tool: tool.qualifiedName,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
  const mapUpstream = deps.mapUpstreamError;
  let clientOf: ClientLookup = () => {
    throw new AppError('INTERNAL_ERROR', `${tool.name} asked for a client before its clients were resolved`);
  };
  const ctx: ToolRunContext<Record<string, unknown>> = {
    args,
    caller,
    page,
    client: (integration) => clientOf(integration),
    fanOut: async (resources, fn, options) => {
      let settled = 0;
      const counted = async (resource: (typeof resources)[number]) => {
        try {
          return await fn(resource);
        } finally {
          progress({ progress: ++settled, total: resources.length, message: options?.label?.(resource) });
        }
      };
      const outcome = await fanOut(resources, counted, { ...options, mapUpstream });
      // Recorded even when every resource failed: a tool that carries on anyway returns a partial result.
      failures.push(...outcome.failed);
      return outcome;
    },
    gather: async (sources, options) => {
      const names = Object.keys(sources);
      const outcome = await fanOut(names, (name) => sources[name](), { concurrency: names.length, mapUpstream });
      if (!options?.alongside) {
        sourceCount += names.length;
        sourceFailures += outcome.failed.length;
      }
      failures.push(...outcome.failed);
      return Object.fromEntries(outcome.results.map(({ resource, value }) => [resource, value])) as never;
    },
    services: deps.services,
    clock: deps.clock,
    signal,
    log: deps.log,
    progress,
  };
  try {
    const run = async () => {
      clientOf = await resolveClients(deps.clients, caller, deps.integrationsOf(tool));
      return tool.run(ctx);
    };
    const raw = await withCallScope({ policy: retryPolicyOf(tool), signal, log: control.log }, () =>
      untilAborted(run(), signal),
    );
    if (sourceCount > 0 && sourceFailures === sourceCount) {
      throw new AppError('UPSTREAM_ERROR', `Every source of ${tool.name} failed`, { details: failures });
    }
    return { raw, failures };
  } catch (error) {
    throw signal.aborted
      ? signal.reason instanceof AppError
        ? signal.reason
        : deadline()
      : toAppError(error, mapUpstream);
  } finally {
    clearTimeout(timer);
    control.signal?.removeEventListener('abort', cancel);
  }
}

/** The handler's promise, or the abort reason as soon as the signal fires (work not bound to it is abandoned). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
