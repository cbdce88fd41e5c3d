// `agnt mcp`: serves the tools over stdio (the default) or Streamable HTTP on 127.0.0.1, as the
// active profile, until the client goes away or Ctrl-C.
import type { Readable, Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { AREA_INDEX } from '../../commands/index.ts';
import { Session } from './invoke.ts';
import { makeServer } from './server.ts';
import { type ServeOptions, Tools } from './tools.ts';

export interface McpFlags {
  http?: boolean;
  port?: string;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  tools?: string;
  toolsets?: string;
  tokenFile?: string;
  grant?: string;
}

async function serveOptions(flags: McpFlags): Promise<ServeOptions> {
  const opts: ServeOptions = { allowWrites: Boolean(flags.allowWrites), allowDestructive: Boolean(flags.allowDestructive) };
  if (flags.allowDestructive && !flags.allowWrites) throw new UsageError('--allow-destructive needs --allow-writes');
  if (flags.tools !== undefined && flags.tools !== 'all' && flags.tools !== 'compact') throw new UsageError(`--tools must be 'all' or 'compact', got '${flags.tools}'`);
  if (flags.tools === 'all' && flags.toolsets !== undefined) throw new UsageError('--tools all and --toolsets: give one of them');
  if (flags.tools === 'all') opts.perCommand = {};
  if (flags.toolsets !== undefined) {
    const names = new Set(AREA_INDEX.map((a) => a.name));
    const wanted = flags.toolsets
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = wanted.filter((w) => !names.has(w));
    if (!wanted.length || bad.length) throw new UsageError(`--toolsets: unknown area ${bad.map((b) => `'${b}'`).join(', ') || "''"} (areas: ${[...names].join(', ')})`);
    opts.perCommand = { areas: new Set(wanted) };
  }
  return opts;
}

function port(raw: string | undefined): number {
  if (raw === undefined) return 8765;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 65535) throw new UsageError(`--port must be a port number (0-65535), got '${raw}'`);
  return n;
}

export async function serve(ctx: Context, given: unknown): Promise<void> {
  const flags = given as McpFlags;
  const opts = await serveOptions(flags);
  const listenPort = flags.http ? port(flags.port) : undefined;
  if (!flags.http && flags.port !== undefined) throw new UsageError('--port needs --http');
  if (!flags.http && flags.tokenFile !== undefined) throw new UsageError('--token-file needs --http');
  const grant =
    flags.grant === undefined
      ? undefined
      : await (await import('./grant.ts')).readGrant(
          flags.grant,
          AREA_INDEX.map((a) => a.name),
        );
  // One agent session a client: over stdio the process, over HTTP each MCP session.
  const sessions: Session[] = [];
  const newTools = () => {
    const s = new Session(ctx, grant);
    sessions.push(s);
    return new Tools(s, opts);
  };
  const session = new Session(ctx, grant);
  sessions.push(session);
  // Not logged in, or no server: said now, on stderr, rather than in the first tool answer.
  session.http();
  ctx.interruptIsStop = true;
  const log = (line: string) => ctx.io.err(line);
  const tools = new Tools(session, opts);
  const token = () => session.token;
  try {
    if (listenPort === undefined) {
      const { LineTransport } = await import('./stdio.ts');
      const server = makeServer(tools, token, log);
      // The run's own streams (the process's, or a test's): a server on process.stdin inside a
      // test would wait for an end that never comes.
      const stdin = ctx.io.stdin as unknown as Readable;
      const transport = new LineTransport(stdin, ctx.io.stdout as unknown as Writable);
      const closed = new Promise<void>((resolve) => {
        server.onclose = resolve;
        stdin.once('end', resolve);
        ctx.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      await server.connect(transport);
      await closed;
      await server.close();
    } else {
      const { newToken, readTokenFile, storeToken } = await import('./http-auth.ts');
      const bearer = flags.tokenFile ? readTokenFile(flags.tokenFile) : newToken();
      const profile = ctx.settings().profile.name;
      // Made here: said once, and kept (0600) for `agnt mcp install --url`.
      if (!flags.tokenFile) log(`agnt mcp: clients must send 'Authorization: Bearer ${bearer}' (kept in ${storeToken(profile, bearer)} for agnt mcp install --url)`);
      await serveHttp(ctx, listenPort, bearer, () => makeServer(newTools(), token, log), log);
    }
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
}

/**
 * Streamable HTTP on 127.0.0.1 only. A request whose Host is not this loopback address and port
 * (DNS rebinding: a web page's script naming another host that resolves here) is refused, as is
 * one whose Origin is not loopback. Each session gets its own server and transport.
 */
async function serveHttp(ctx: Context, listenPort: number, bearer: string, make: () => ReturnType<typeof makeServer>, log: (line: string) => void): Promise<void> {
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const { bearerMatches } = await import('./http-auth.ts');
  const { RecentEvents, RETRY_MS } = await import('./events.ts');
  const sessions = new Map<string, InstanceType<typeof StreamableHTTPServerTransport>>();
  let allowed = new Set<string>();
  const refuse = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
  };
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (!allowed.has(String(req.headers.host ?? '').toLowerCase())) return refuse(res, 403, 'forbidden host');
      const origin = req.headers.origin;
      if (origin && !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i.test(origin)) return refuse(res, 403, 'forbidden origin');
      if (!bearerMatches(req.headers.authorization, bearer)) {
        res.setHeader('www-authenticate', 'Bearer realm="agnt mcp"');
        return refuse(res, 401, 'unauthorized: send the bearer token agnt mcp --http printed at start (or the one in --token-file)');
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/mcp') return refuse(res, 404, 'not found: the MCP endpoint is /mcp');
      const id = req.headers['mcp-session-id'];
      const existing = typeof id === 'string' ? sessions.get(id) : undefined;
      if (existing) return await existing.handleRequest(req, res);
      if (id !== undefined) return refuse(res, 404, 'session not found');
      if (req.method !== 'POST') return refuse(res, 400, 'no session: initialize first');
      const transport: InstanceType<typeof StreamableHTTPServerTransport> = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: new RecentEvents(),
        retryInterval: RETRY_MS,
        onsessioninitialized: (sid) => void sessions.set(sid, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await make().connect(transport);
      await transport.handleRequest(req, res);
    } catch (e) {
      log(`agnt mcp: ${(e as Error).message}`);
      if (!res.headersSent) refuse(res, 500, 'internal error');
    }
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(listenPort, '127.0.0.1', resolve);
  });
  const addr = http.address();
  const bound = typeof addr === 'object' && addr ? addr.port : listenPort;
  allowed = new Set([`127.0.0.1:${bound}`, `localhost:${bound}`]);
  log(`agnt mcp: serving http://127.0.0.1:${bound}/mcp (Ctrl-C stops)`);
  await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
  for (const t of sessions.values()) await t.close().catch(() => undefined);
  await new Promise<void>((resolve) => {
    http.close(() => resolve());
    http.closeAllConnections();
  });
}
