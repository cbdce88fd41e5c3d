// One writer per file agnt keeps between runs: a second import on the same ledger refuses,
// naming the first (pid, command), rather than interleave lines; a lock whose holder is dead is
// taken over; parallel `alias set` runs keep every alias; a full disk names the ledger. The
// holders run as real processes: a lock is between processes.
import { execa } from 'execa';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, BIN, cleanEnv, tempDir } from '../support/helpers.ts';
import { bench, type Bench } from './setup.ts';

let b: Bench;
let dir: string;
beforeAll(async () => {
  b = await bench();
  dir = tempDir('agnt-locks-');
});
afterAll(async () => {
  await b.dispose();
});

/** A pid that no process has now: one of a process that has exited. */
async function deadPid(): Promise<number> {
  const p = execa(process.execPath, ['-e', '']);
  await p;
  return p.pid!;
}

async function until(pred: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !pred(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!pred()) throw new Error(`never: ${what}`);
}

describe('the import ledger', () => {
  it('a second import on the same ledger refuses, naming the first; once that one is killed, --resume takes its lock over', async () => {
    const csv = join(dir, 'rows.csv');
    writeFileSync(csv, `email,name\n${Array.from({ length: 30 }, (_, i) => `lock${i}@x.test,R ${i}`).join('\n')}\n`);
    const ledger = `${csv}.ledger.jsonl`;
    await b.fault({ method: 'POST', path: '/contacts/bulk-import', delay: 60_000 });
    const first = b.spawn(['contacts', 'import', csv, '--batch-size', '10']);
    await until(() => existsSync(`${ledger}.lock`) && existsSync(ledger) && readFileSync(ledger, 'utf8').includes('"type":"batch"'), 'the first import sent a batch');

    const second = await b.run(['contacts', 'import', csv, '--batch-size', '10']);
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toMatch(
      new RegExp(
        `^error: the import ledger ${ledger.replace(/[.]/g, '\\.')} is in use by another agnt \\(pid ${first.pid}: agnt contacts import ${csv.replace(/[.]/g, '\\.')} --batch-size 10, since \\S+\\)\\n`,
      ),
    );
    expect(second.stderr).toContain(`hint: wait for it to finish; if no agnt is running, remove ${ledger}.lock`);
    // The ledger holds the first import's lines alone.
    for (const line of readFileSync(ledger, 'utf8').trim().split('\n')) JSON.parse(line);

    first.kill('SIGKILL');
    await first;
    expect(existsSync(`${ledger}.lock`)).toBe(true);
    b.again();
    const resumed = await b.run(['contacts', 'import', csv, '--batch-size', '10', '--resume', '-o', 'json']);
    expect(resumed.stderr).not.toContain('in use');
    expect(resumed.exitCode).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ total: 30, failed: 0 });
    expect(existsSync(`${ledger}.lock`)).toBe(false);
    expect(existsSync(`${ledger}.tmp`)).toBe(false);
  }, 60_000);

  it('a ledger on a full disk is named, and nothing is sent', async () => {
    const csv = join(dir, 'full.csv');
    writeFileSync(csv, 'email\nfull@x.test\n');
    b.again();
    const r = await b.run(['contacts', 'import', csv, '--ledger', '/dev/full']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^error: cannot write the ledger \/dev\/full: no space left on the device\n/);
    expect(b.sent('POST', '/contacts/bulk-import')).toHaveLength(0);
  });
});

describe('config.json and aliases.json', () => {
  it('ten parallel alias set runs keep all ten aliases', async () => {
    const config = tempDir('agnt-alias-locks-');
    const env = { ...cleanEnv(), AGNT_CONFIG_DIR: config };
    const runs = await Promise.all(Array.from({ length: 10 }, (_, i) => execa(process.execPath, [BIN, 'alias', 'set', `a${i}`, `users get usr_${i}`], { env, extendEnv: true, reject: false })));
    expect(runs.map((r) => r.exitCode)).toEqual(Array(10).fill(0));
    const kept = JSON.parse(readFileSync(join(config, 'aliases.json'), 'utf8')).aliases;
    expect(Object.keys(kept).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `a${i}`).sort());
    expect(existsSync(join(config, 'aliases.json.lock'))).toBe(false);
  }, 60_000);

  it('a lock left by a dead writer is taken over at once; a live holder is named', async () => {
    const config = tempDir('agnt-config-locks-');
    const lock = join(config, 'config.json.lock');
    writeFileSync(lock, JSON.stringify({ pid: await deadPid(), host: (await import('node:os')).hostname(), command: 'agnt config set timeout 5', since: '2026-01-01T00:00:00Z' }));
    const taken = await agnt(['config', 'set', 'timeout', '9'], { configDir: config, env: { AGNT_LOCK_WAIT: '0' } });
    expect(taken).toMatchObject({ exitCode: 0 });
    expect(existsSync(lock)).toBe(false);

    const holder = execa(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    writeFileSync(lock, JSON.stringify({ pid: holder.pid, host: (await import('node:os')).hostname(), command: 'agnt config set output json', since: '2026-01-01T00:00:00Z' }));
    try {
      const refused = await agnt(['config', 'set', 'timeout', '7'], { configDir: config, env: { AGNT_LOCK_WAIT: '0' } });
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain(`error: the config file ${join(config, 'config.json')} is in use by another agnt (pid ${holder.pid}: agnt config set output json, since 2026-01-01T00:00:00Z)`);
    } finally {
      holder.kill();
      await holder.catch(() => undefined);
    }
  });
});
