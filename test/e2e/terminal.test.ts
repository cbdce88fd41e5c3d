// What a terminal shows: colour by the usual rules (NO_COLOR, FORCE_COLOR, CI, TERM=dumb,
// --no-color), and the progress line of an import and of --all, drawn only where it may be.
// The agnt process runs in a real pseudo-terminal (util-linux `script`); requests go through a
// small gate in front of the sandbox that holds them until the terminal shows what the test
// waits for, so nothing depends on how fast the machine is.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, BIN, cleanEnv, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { screen, spawnInPty } from '../support/pty.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;

interface Gate {
  url: string;
  /** Requests whose path matches are held until release(). */
  hold: RegExp | undefined;
  arrived: Promise<void>;
  release(): void;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function gate(hold: RegExp): Promise<Gate> {
  let arrive!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((r) => (arrive = r));
  const released = new Promise<void>((r) => (release = r));
  const g = { url: '', hold, arrived, release: () => release(), close: async () => undefined } as Gate;
  const server: Server = createServer(async (req, res) => {
    const data = await body(req);
    if (g.hold?.test(req.url ?? '')) {
      arrive();
      await released;
    }
    const headers = { ...req.headers } as Record<string, string>;
    delete headers.host;
    delete headers['content-length'];
    const r = await fetch(sb.baseUrl + req.url, { method: req.method, headers, body: data.length ? data : undefined });
    const out = Buffer.from(await r.arrayBuffer());
    res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
    res.end(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  g.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  g.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return g;
}

/**
 * Runs agnt in a pseudo-terminal. `until`: when the screen shows this, call `then` (or, when the
 * command's request reaches the gate first and nothing is awaited, `then` runs at arrival).
 */
async function terminal(args: string[], env: Record<string, string | undefined>, g?: Gate, until?: RegExp, redirect?: string): Promise<{ out: string; exitCode: number }> {
  const child = spawnInPty(args, { COLUMNS: '120', AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: g?.url ?? sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, ...env }, 60_000, undefined, redirect);
  let out = '';
  if (g) {
    if (until) {
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        if (until.test(out)) g.release();
      });
    } else {
      child.stdout?.on('data', (d: Buffer) => (out += d.toString('utf8')));
      void g.arrived.then(() => g.release());
    }
  } else child.stdout?.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const r = await child;
  return { out, exitCode: r.exitCode ?? -1 };
}

const BOLD = '\u001b[1m';

beforeAll(async () => {
  sb = await withSandbox();
  dir = tempDir('agnt-terminal-');
});

afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

describe('colour', () => {
  it('a terminal gets bold headers and keys; NO_COLOR, FORCE_COLOR=0, CI, TERM=dumb and --no-color get none', async () => {
    const on = await terminal(['users', 'get', 'usr_admin'], {});
    expect(on.exitCode).toBe(0);
    expect(on.out).toContain(`${BOLD}id`);
    const list = await terminal(['users', 'list'], {});
    expect(list.out).toContain(`${BOLD}ID`);
    for (const env of [{ NO_COLOR: '1' }, { FORCE_COLOR: '0' }, { CI: 'true' }, { TERM: 'dumb' }]) {
      const off = await terminal(['users', 'get', 'usr_admin'], env);
      expect(off.exitCode, JSON.stringify(env)).toBe(0);
      expect(off.out, JSON.stringify(env)).toMatch(/^id\s+usr_admin/m);
      expect(off.out, JSON.stringify(env)).not.toContain('\u001b[');
    }
    const flag = await terminal(['users', 'list', '--no-color'], {});
    expect(flag.out).toMatch(/^ID\s/m);
    expect(flag.out).not.toContain('\u001b[');
  });

  it('FORCE_COLOR colours a pipe; nothing else does', async () => {
    const env = { ...cleanEnv(), AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin };
    const piped = await execa(process.execPath, [BIN, 'users', 'get', 'usr_admin'], { env, reject: false });
    expect(piped.stdout).not.toContain('\u001b[');
    const forced = await execa(process.execPath, [BIN, 'users', 'get', 'usr_admin'], { env: { ...env, FORCE_COLOR: '1' }, reject: false });
    expect(forced.stdout).toContain(`${BOLD}id`);
    expect(forced.stderr).toBe('');
  });

  it('the dashboards follow the same rules (FORCE_COLOR=0 on a terminal: plain titles)', async () => {
    const on = await terminal(['coverage', 'dashboard'], {});
    expect(on.exitCode).toBe(0);
    expect(on.out).toContain('\u001b[1m\u001b[4m');
    const off = await terminal(['coverage', 'dashboard'], { FORCE_COLOR: '0' });
    expect(off.exitCode).toBe(0);
    expect(off.out).toMatch(/== \w/);
    expect(off.out).not.toContain('\u001b[');
  });
});

describe('progress', () => {
  const csv = () => {
    const lines = ['Email,Name'];
    for (let i = 0; i < 300; i++) lines.push(`term${i}@example.test,Term ${i}`);
    const file = join(dir, `t${Math.random().toString(36).slice(2)}.csv`);
    writeFileSync(file, lines.join('\n') + '\n');
    return file;
  };

  it('an import on a terminal shows rows and rate on stderr while it runs', async () => {
    const g = await gate(/^\/contacts\/bulk-import/);
    try {
      const r = await terminal(['contacts', 'import', csv(), '--batch-size', '100', '-o', 'json'], {}, g, /\d+ rows\s+[\d,]+ rows\/s/);
      expect(r.exitCode).toBe(0);
      expect(r.out).toMatch(/rows\/s/);
    } finally {
      await g.close();
    }
  });

  // NO_COLOR asks for no colour only (no-color.org): the progress line is still drawn, plain.
  it.each([[{ NO_COLOR: '1' }], [{ FORCE_COLOR: '0' }]])('a progress line without colour with %j', async (env) => {
    const g = await gate(/^\/contacts\/bulk-import/);
    try {
      const r = await terminal(['contacts', 'import', csv(), '--batch-size', '100', '-o', 'json'], env, g, /\d+ rows\s+[\d,]+ rows\/s/);
      expect(r.exitCode).toBe(0);
      expect(r.out).toMatch(/rows\/s/);
      expect(r.out).not.toMatch(/\u001b\[[0-9;]*m/);
    } finally {
      await g.close();
    }
  });

  it.each([[{ TERM: 'dumb' }], [{ CI: 'true' }]])('no progress line with %j', async (env) => {
    const g = await gate(/^\/contacts\/bulk-import/);
    try {
      const r = await terminal(['contacts', 'import', csv(), '--batch-size', '100', '-o', 'json'], env, g);
      expect(r.exitCode).toBe(0);
      expect(r.out).not.toMatch(/rows\/s|\r(?!\n)|\u001b\[[0-9;]*[GKJ]/);
    } finally {
      await g.close();
    }
  });

  it('--all on a terminal counts records against the total', async () => {
    const g = await gate(/^\/users\?(.*&)?page=2(&|$)/);
    try {
      const r = await terminal(['users', 'list', '--all', '--per-page', '2', '-o', 'id'], {}, g, /\d+\/[\d,]+ records/);
      expect(r.exitCode).toBe(0);
      expect(r.out).toMatch(/2\/\d+ records/);
    } finally {
      await g.close();
    }
  });

  // `agnt … | head -2`: head writes to the terminal agnt's stderr draws on, and agnt cannot clear
  // its line before head writes. With stdout a pipe no progress is drawn (gh's rule), so the screen
  // holds the data alone. Page 2 is held until head has shown both lines of page 1, while a
  // spinner, if there were one, would be turning.
  it('stdout piped into a program on the same terminal: no progress line, the first line is clean', async () => {
    const list = await agnt(['users', 'list', '--per-page', '2', '-o', 'id'], { sb });
    const [first, second] = list.stdout.trim().split('\n');
    expect(second).toBeTruthy();
    const g = await gate(/^\/users\?(.*&)?page=2(&|$)/);
    try {
      const r = await terminal(['users', 'list', '--all', '--per-page', '2', '-o', 'id'], {}, g, new RegExp(`${second}\\r?\\n`), '| head -2');
      expect(r.exitCode).toBe(0);
      expect(screen(r.out).split('\n').slice(0, 2)).toEqual([first, second]);
      expect(r.out).not.toMatch(/records|\u001b\[[0-9;]*[GKJ]/);
    } finally {
      await g.close();
    }
  });

  it('stdout redirected to a file: the progress line is still drawn, and the file holds the data alone', async () => {
    const g = await gate(/^\/contacts\/bulk-import/);
    const out = join(dir, `import-${Math.random().toString(36).slice(2)}.json`);
    try {
      const r = await terminal(['contacts', 'import', csv(), '--batch-size', '100', '-o', 'json'], {}, g, /\d+ rows\s+[\d,]+ rows\/s/, `> '${out}'`);
      expect(r.exitCode).toBe(0);
      expect(r.out).toMatch(/rows\/s/);
      const text = readFileSync(out, 'utf8');
      expect(text).not.toMatch(/rows\/s|\u001b/);
      expect(JSON.parse(text)).toBeTruthy();
    } finally {
      await g.close();
    }
  });
});
