import { PassThrough } from 'node:stream';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  INTERNAL_ERROR,
  isInitializeRequest,
  isJSONRPCRequest,
  isJSONRPCResponse,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

export interface BridgeOptions {
  /** The team server's root, e.g. `https://constellation.example.com`; MCP is at its `/mcp`. */
  serverUrl: string;
  /** The user's JWT, sent as `Authorization: Bearer`. */
  token: string;
  warn(message: string): void;
}

/** The team server's MCP endpoint under its root (which may carry a path behind a proxy). */
export const mcpEndpointOf = (serverUrl: string): URL => new URL(`${serverUrl.replace(/\/+$/, '')}/mcp`);

/**
 * Relays MCP between a host that spawned this process (stdio) and a team server's streamable HTTP
 * endpoint, with the user's token: a member's machine holds neither the JWT secret nor the tenant
 * store, so the server does the work. Messages pass unchanged both ways; a request the server cannot
 * be reached for is answered with a JSON-RPC error, so the host never waits on it. Resolves when the
 * host has closed stdin and every request it sent has its answer.
 */
export async function bridgeStdioToServer(options: BridgeOptions): Promise<void> {
  const endpoint = mcpEndpointOf(options.serverUrl);
  const server = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { Authorization: `Bearer ${options.token}` } },
  });
  // As in the stdio server: stdin is read through a stream that never ends, so answers still in
  // flight when the host closes stdin are delivered.
  const input = new PassThrough();
  process.stdin.pipe(input, { end: false });
  const host = new StdioServerTransport(input, process.stdout);
  const waiting = new Map<RequestId, string>();
  let hostGone = false;
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const finishWhenDrained = () => {
    if (hostGone && waiting.size === 0) finished();
  };

  server.onmessage = (message) => {
    if (isJSONRPCResponse(message) && message.id !== undefined) {
      // The legacy era names its version once, in the initialize result; later requests carry it as a header.
      if (waiting.get(message.id) === 'initialize' && isJSONRPCResultResponse(message)) {
        const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
        if (typeof version === 'string') server.setProtocolVersion(version);
      }
      waiting.delete(message.id);
    }
    host
      .send(message)
      .catch((error: unknown) => options.warn(`mcp bridge: could not write to the host: ${String(error)}`));
    finishWhenDrained();
  };
  server.onerror = (error) => options.warn(`mcp bridge: ${endpoint.href}: ${error.message}`);

  host.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message))
      waiting.set(message.id, isInitializeRequest(message) ? 'initialize' : message.method);
    server.send(message).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      if (!isJSONRPCRequest(message)) return options.warn(`mcp bridge: ${endpoint.href}: ${reason}`);
      waiting.delete(message.id);
      void host.send({
        jsonrpc: '2.0',
        id: message.id,
        error: {
          code: INTERNAL_ERROR,
          message: `Relaying to the Constellation server at ${endpoint.href} failed: ${reason}`,
        },
      });
      finishWhenDrained();
    });
  };
  host.onerror = (error) => options.warn(`mcp bridge: stdio: ${error.message}`);

  await server.start();
  await host.start();
  const closeHost = () => {
    hostGone = true;
    finishWhenDrained();
  };
  process.stdin.on('end', closeHost);
  process.stdin.on('close', closeHost);
  process.stdin.on('error', closeHost);
  process.stdout.on('error', closeHost);
  await done;
  await server.terminateSession().catch(() => undefined);
  await server.close();
}
