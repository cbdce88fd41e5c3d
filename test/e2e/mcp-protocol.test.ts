// `agnt mcp` over stdio as JSON-RPC 2.0 requires of a server, driven with raw lines (the process
// and its stream are the subject): a line that is not JSON is answered -32700, one that is not a
// request object -32600, a message over the limit is answered and skipped while the session goes
// on, and an unknown tool is a protocol error (-32602), not a tool's result.
import { execa, type ResultPromise } from 'execa';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, tempDir } from '../support/helpers.ts';

interface Wire {
  send(line: string | Buffer): void;
  next(): Promise<Record<string, any>>;
  child: ResultPromise;
}

let running: ResultPromise | undefined;
afterEach(async () => {
  running?.stdin?.end();
  await running;
  running = undefined;
});

function start(): Wire {
  // The server never reaches this address: these messages need no API call.
  const env = { ...cleanEnv(), AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: 'http://127.0.0.1:9', AGNT_TOKEN: 'tok-protocol-test' };
  const child = execa(process.execPath, [BIN, 'mcp'], { env, extendEnv: true, reject: false, stdin: 'pipe', buffer: { stdout: false } });
  running = child;
  const queue: Array<Record<string, any>> = [];
  const waiting: Array<(m: Record<string, any>) => void> = [];
  createInterface({ input: child.stdout! }).on('line', (l) => {
    const m = JSON.parse(l);
    const w = waiting.shift();
    if (w) w(m);
    else queue.push(m);
  });
  return {
    child,
    send: (line) => void child.stdin!.write(typeof line === 'string' ? `${line}\n` : line),
    next: () => new Promise((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve))),
  };
}

const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });

describe('agnt mcp: JSON-RPC errors on stdio', () => {
  it('answers -32700 to a line that is not JSON and -32600 to one that is not an object, then serves on', async () => {
    const w = start();
    w.send('{"jsonrpc":"2.0","id":1,"method":');
    expect(await w.next()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    w.send('[1,2,3]');
    expect(await w.next()).toMatchObject({ id: null, error: { code: -32600 } });
    w.send('"hello"');
    expect(await w.next()).toMatchObject({ id: null, error: { code: -32600 } });
    w.send('{"jsonrpc":"1.0","id":7,"method":"ping"}');
    expect(await w.next()).toMatchObject({ id: 7, error: { code: -32600 } });
    w.send(init);
    expect(await w.next()).toMatchObject({ id: 1, result: { serverInfo: { name: 'agnt' } } });
  });

  it('answers a 20 MB message -32600 without reading it, and goes on serving', async () => {
    const w = start();
    w.send(init);
    await w.next();
    const big = Buffer.alloc(20 * 1024 * 1024, 'a');
    w.send(Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{"s":"'), big, Buffer.from('"}}}\n')]));
    const refused = await w.next();
    expect(refused).toMatchObject({ id: null, error: { code: -32600 } });
    expect(refused.error.message).toMatch(/over the 16 MB limit/);
    w.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }));
    expect(await w.next()).toMatchObject({ id: 3, result: {} });
    expect(w.child.exitCode).toBeNull();
  });

  it('an unknown tool is a protocol error (-32602), not a tool result', async () => {
    const w = start();
    w.send(init);
    await w.next();
    w.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    w.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }));
    const m = await w.next();
    expect(m).toMatchObject({ id: 4, error: { code: -32602 } });
    expect(m.error.message).toMatch(/unknown tool 'no_such_tool'/);
  });
});
