// Bad local input: each gives one error line naming the file (or flag) and the place, exit 2,
// sends nothing and writes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { bench, type Bench } from './setup.ts';

/** The sandbox, whose journal shows that nothing was sent. */
let r: Bench;
let dir: string;
const f = (name: string) => join(dir, name);
beforeAll(async () => {
  r = await bench();
  dir = tempDir('agnt-bad-input-');
  writeFileSync(f('bad.json'), '{\n  "name": "x",\n  "status": active\n}\n');
  writeFileSync(f('trunc.json'), '{"name": "x", "timezone": "UT');
  writeFileSync(f('bad.yaml'), 'name: [unclosed\ntimezone: UTC\n');
  writeFileSync(f('dup.yaml'), 'name: a\nname: b\n');
  writeFileSync(f('unknown.json'), '{"nmae": "x"}');
  writeFileSync(f('type.yaml'), 'timezone: 5\n');
  writeFileSync(f('list.json'), '["not", "an", "object"]');
  writeFileSync(f('empty.json'), '\n');
  writeFileSync(f('image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
  writeFileSync(f('json.csv'), '{"email": "a@b.c", "name": "x"}\n');
  writeFileSync(f('prose.csv'), 'Dear all, please find the list attached.\nThanks\n');
  writeFileSync(f('empty.csv'), '');
  mkdirSync(f('folder.csv'));
});
afterAll(async () => {
  await r.dispose();
});
beforeEach(() => r.again());

const UPDATE = ['users', 'update', 'usr_member'];

describe('bad local input: one line naming the file and place, exit 2, nothing sent', () => {
  it.each([
    ['malformed JSON', [...UPDATE, '--file', 'bad.json'], /^error: \S*bad\.json:3:13: invalid JSON: unexpected character\n$/],
    ['truncated JSON', [...UPDATE, '--file', 'trunc.json'], /^error: \S*trunc\.json:1:30: invalid JSON: the text ends too soon\n$/],
    ['malformed YAML', [...UPDATE, '--file', 'bad.yaml'], /^error: \S*bad\.yaml:2:1: invalid YAML: [^\n]+\n$/],
    ['a duplicated YAML key', [...UPDATE, '--file', 'dup.yaml'], /^error: \S*dup\.yaml:2:1: invalid YAML: Map keys must be unique\n$/],
    ['an unknown field', [...UPDATE, '--file', 'unknown.json'], /^error: \S*unknown\.json: unknown field 'nmae' \(allowed: name, [^\n]*\)\n$/],
    ['a wrong type', [...UPDATE, '--file', 'type.yaml'], /^error: \S*type\.yaml: timezone: must be a string, got 5\n$/],
    ['a list where an object belongs', [...UPDATE, '--file', 'list.json'], /^error: \S*list\.json: [^\n]*object[^\n]*\n$/],
    ['an empty file', [...UPDATE, '--file', 'empty.json'], /^error: \S*empty\.json: the file is empty\n$/],
    ['a missing file', [...UPDATE, '--file', 'missing.json'], /^error: \S*missing\.json: no such file\n$/],
    ['a folder', [...UPDATE, '--file', 'folder.csv'], /^error: \S*folder\.csv: is a folder\n$/],
    ['malformed --data', [...UPDATE, '--data', '{"name": x}'], /^error: --data:1:10: invalid JSON: unexpected character\n$/],
    ['a malformed @file for an object flag', [...UPDATE, '--metadata', '@bad.json'], /^error: \S*bad\.json:3:13: invalid JSON: unexpected character\n$/],
    ['a missing @file for an object flag', [...UPDATE, '--metadata', '@nope.yaml'], /^error: \S*nope\.yaml: no such file\n$/],
    ['a wrong type in a flag', ['users', 'list', '--per-page', 'ten'], /^error: --per-page must be a positive integer, got 'ten'\n$/],
  ])('%s', async (_name, args, message) => {
    const res = await r.run(args as string[], { cwd: dir });
    expect(res.exitCode).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(message);
    expect(r.sent()).toEqual([]);
  });

  it.each([
    ['binary data', 'image.png', /^error: \S*image\.png:2:1: not a CSV file: it holds binary data\nhint: export the data as CSV [^\n]*\n$/],
    ['JSON', 'json.csv', /^error: \S*json\.csv:1: no column holds e-mail addresses \(columns: '\{"email": "a@b\.c"', '"name": "x"\}'\)\nhint: name it with --map 'COLUMN=email'\n$/],
    ['prose', 'prose.csv', /^error: \S*prose\.csv:1: no column holds e-mail addresses \(columns: [^\n]*\)\nhint: [^\n]*\n$/],
    ['an empty file', 'empty.csv', /^error: \S*empty\.csv: the file is empty\n$/],
    ['a missing file', 'missing.csv', /^error: \S*missing\.csv: no such file\n$/],
    ['a folder', 'folder.csv', /^error: \S*folder\.csv: is a folder\n$/],
  ])('a CSV import of %s', async (_name, file, message) => {
    const res = await r.run(['contacts', 'import', file, '--errors-out', 'failed.csv'], { cwd: dir });
    expect(res.exitCode).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(message);
    expect(r.sent()).toEqual([]);
    // Nothing written: no ledger, no failed-rows file.
    expect(existsSync(f(`${file}.ledger.jsonl`))).toBe(false);
    expect(existsSync(f('failed.csv'))).toBe(false);
  });
});
