// How the HTTP client connects to an https server (loaded only for one): undici's connector with
// the profile's CA and client certificate, wrapped to see each connection's protocol, and, where
// HTTP/2 is offered, the one client the server's requests go through.
import type { ClientHttp2Session } from 'node:http2';
import type { Client } from 'undici';
import type { TLSSocket } from 'node:tls';
import { hostEnv } from './host.ts';
import type { TlsFiles } from './tls-settings.ts';

type Lite = typeof import('./undici-lite.ts');

/**
 * How much an HTTP/2 server may send before agnt acknowledges it: 16 MiB over the connection, 4
 * MiB per stream (Chrome's and Go's order of size). undici's own, 512 KiB and 256 KiB, held the
 * walk of 1,000 delegations (pages of 200 KB, four at once) to a round trip per 512 KiB: 2-3
 * round trips a page instead of one. What is sent is read as it comes; the window is only credit.
 */
export const H2_WINDOWS = { connectionWindowSize: 16 * 1024 * 1024, initialWindowSize: 4 * 1024 * 1024 };

export async function tlsConnect(
  mod: Lite,
  opts: {
    origin: string;
    tls?: { files: TlsFiles; profile: string };
    h2: boolean;
    streams: number;
    onConnect: (socket: TLSSocket, host: string) => void;
    /** An HTTP/2 connection's session, once undici has made it (its SETTINGS are yet to come). */
    onSession?: (session: ClientHttp2Session, host: string) => void;
  },
): Promise<{ connect: import('undici').Agent.Options['connect']; options: Record<string, unknown>; single?: Client }> {
  const read = opts.tls ? (await import('./tls-settings.ts')).tlsOptions(opts.tls.files, opts.tls.profile, hostEnv()) : undefined;
  const { certFile: _, ...tls } = read ?? {};
  // Node's authorities stay trusted beside a caFile.
  const ca = tls.ca ? [...(await import('node:tls')).rootCertificates, tls.ca] : undefined;
  const options = { ...tls, ...(ca ? { ca } : {}) };
  const connector = mod.buildConnector({ ...options, allowH2: opts.h2 } as never);
  const connect: import('undici').Agent.Options['connect'] = (o, cb) =>
    connector(o, (err, socket) => {
      const host = o.port ? `${o.hostname}:${o.port}` : o.hostname;
      if (!err && socket && 'alpnProtocol' in socket) opts.onConnect(socket as TLSSocket, host);
      (cb as (e: Error | null, s: unknown) => void)(err, socket);
      // undici makes an h2 connection's session as it takes the socket (in the call above).
      const session = socket && (socket as unknown as Record<symbol, ClientHttp2Session | undefined>)[mod.kHTTP2Session];
      if (session && opts.onSession) opts.onSession(session, host);
    });
  // The server's own requests go through one client, one connection, until it is known not to
  // speak HTTP/2: undici's pool would open a connection for each request sent at once (it counts
  // one queued on an h2 connection as busy for a moment), where one carries all. Its pipelining
  // is the streams it may carry at once over h2 (undici's default, 1, would send them one at a
  // time); over HTTP/1.1 it carries the first request alone (the HTTP client's gate says so).
  const single = opts.h2 ? new mod.Client(opts.origin, { keepAliveTimeout: 10_000, allowH2: true, pipelining: opts.streams, connect, ...H2_WINDOWS }) : undefined;
  return { connect, options, single };
}
