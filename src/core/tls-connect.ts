// How the HTTP client connects to an https server (loaded only for one): undici's connector with
// the profile's CA and client certificate, wrapped to see each connection's protocol, and, where
// HTTP/2 is offered, the one client the server's requests go through.
import type { Dispatcher } from 'undici';
import type { TLSSocket } from 'node:tls';
import { hostEnv } from './host.ts';
import type { TlsFiles } from './tls-settings.ts';

type Lite = typeof import('./undici-lite.ts');

export async function tlsConnect(
  mod: Lite,
  opts: { origin: string; tls?: { files: TlsFiles; profile: string }; h2: boolean; streams: number; onConnect: (socket: TLSSocket, host: string) => void },
): Promise<{ connect: import('undici').Agent.Options['connect']; options: Record<string, unknown>; single?: Dispatcher }> {
  const read = opts.tls ? (await import('./tls-settings.ts')).tlsOptions(opts.tls.files, opts.tls.profile, hostEnv()) : undefined;
  const { certFile: _, ...tls } = read ?? {};
  // Node's authorities stay trusted beside a caFile.
  const ca = tls.ca ? [...(await import('node:tls')).rootCertificates, tls.ca] : undefined;
  const options = { ...tls, ...(ca ? { ca } : {}) };
  const connector = mod.buildConnector({ ...options, allowH2: opts.h2 } as never);
  const connect: import('undici').Agent.Options['connect'] = (o, cb) =>
    connector(o, (err, socket) => {
      if (!err && socket && 'alpnProtocol' in socket) opts.onConnect(socket as TLSSocket, o.port ? `${o.hostname}:${o.port}` : o.hostname);
      (cb as (e: Error | null, s: unknown) => void)(err, socket);
    });
  // The server's own requests go through one client, one connection, until it is known not to
  // speak HTTP/2: undici's pool would open a connection for each request sent at once (it counts
  // one queued on an h2 connection as busy for a moment), where one carries all. Its pipelining
  // is the streams it may carry at once over h2 (undici's default, 1, would send them one at a
  // time); over HTTP/1.1 it carries the first request alone (the HTTP client's gate says so).
  const single = opts.h2 ? new mod.Client(opts.origin, { keepAliveTimeout: 10_000, allowH2: true, pipelining: opts.streams, connect }) : undefined;
  return { connect, options, single };
}
