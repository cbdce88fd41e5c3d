import { describe, expect, it } from 'vitest';
import { escapeControls, loadQuery, Printer, project, safeJson, type OutputOptions } from '../../src/core/output.ts';

function printer(format: OutputOptions['format'], extra: Partial<OutputOptions> = {}, columns?: Array<{ path: string; header?: string }>, query?: (d: unknown) => unknown) {
  const out: string[] = [];
  const p = new Printer({ format, tty: false, color: false, width: 100, ...extra }, (t) => out.push(t), query, columns);
  return { p, out };
}

const HOSTILE = 'a\x1b]52;c;ZXZpbA==\x07b\x1b[2J\x9b31m\r\u0000z\u202e';

describe('escaping', () => {
  it('escapes C0, C1, DEL, bidi overrides and ESC', () => {
    expect(escapeControls(HOSTILE)).toBe('a\\e]52;c;ZXZpbA==\\u0007b\\e[2J\\u009b31m\\r\\u0000z\\u202e');
    expect(escapeControls('tab\there\nnew')).toBe('tab\\there\\nnew');
  });

  it('json escapes C1 and bidi characters yet round-trips exactly', () => {
    const s = safeJson({ v: HOSTILE }, false);
    expect(s).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202e]/);
    expect(JSON.parse(s).v).toBe(HOSTILE);
  });

  it('jsonl escapes C1 and bidi characters in every record of a page, as json does', async () => {
    const recs = [{ id: 'a', name: HOSTILE }, { id: 'b\u2028', tags: [HOSTILE, '\x85'] }, { id: 'c' }];
    const { p, out } = printer('jsonl');
    p.records(recs);
    expect(out).toHaveLength(1);
    expect(out[0]!).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u202e]/);
    expect(out[0]!).toBe(recs.map((r) => `${safeJson(r, false)}\n`).join(''));
    expect(
      out[0]!
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(recs);
  });

  it('table, csv and id output never carry raw control characters', async () => {
    for (const format of ['table', 'csv', 'id'] as const) {
      const { p, out } = printer(format, { tty: true }, [{ path: 'id' }, { path: 'name' }]);
      p.records([{ id: `x${HOSTILE}`, name: HOSTILE }]);
      await p.endList();
      expect(out.join('\n')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e]/);
    }
  });
});

describe('formats', () => {
  const rows = [
    { id: 'u1', name: 'Ada, "the admin"', team: { name: 'T' }, tags: ['a', 'b'] },
    { id: 'u2', name: 'Bo', team: null, tags: [] },
  ];

  it('csv quotes per RFC 4180 and flattens arrays', async () => {
    const { p, out } = printer('csv', {}, [{ path: 'id' }, { path: 'name' }, { path: 'team.name' }, { path: 'tags' }]);
    p.records(rows);
    await p.endList();
    expect(out.join('\n')).toBe('id,name,team.name,tags\nu1,"Ada, ""the admin""",T,"a, b"\nu2,Bo,,');
  });

  it('jsonl streams one record per line, with --query per record', async () => {
    const q = await loadQuery('{id: id}');
    const { p, out } = printer('jsonl', {}, undefined, q);
    p.records(rows.slice(0, 1));
    p.records(rows.slice(1));
    expect(out).toEqual(['{"id":"u1"}\n', '{"id":"u2"}\n']);
  });

  it('table: headers from column paths, aligned columns', async () => {
    const { p, out } = printer('table', {}, [{ path: 'id' }, { path: 'team.name', header: 'TEAM' }]);
    p.records(rows);
    await p.endList();
    expect(out[0]!.split('\n')).toEqual(['ID   TEAM', 'u1   T', 'u2']);
  });

  it('a single object prints as keys and values; --fields picks dotted paths', async () => {
    const { p, out } = printer('table', { fields: ['id', 'team.name'] });
    await p.value(rows[0], false);
    expect(out[0]).toBe('id          u1\nteam.name   T');
    expect(project(rows[0], ['id', 'team.name'])).toEqual({ id: 'u1', team: { name: 'T' } });
  });

  it('yaml and pretty json', async () => {
    const y = printer('yaml');
    await y.p.value({ a: 1, b: ['x'] });
    expect(y.out[0]).toBe('a: 1\nb:\n  - x');
    const j = printer('json', { tty: true });
    await j.p.value({ a: 1 });
    expect(j.out[0]).toBe('{\n  "a": 1\n}');
  });

  it('id prints ids, or the first --fields path', async () => {
    const a = printer('id');
    a.p.records(rows);
    expect(a.out).toEqual(['u1\nu2']);
    const b = printer('id', { fields: ['team.name'] });
    b.p.records(rows);
    expect(b.out).toEqual(['T\n']);
  });

  it('an invalid --query is a usage error', async () => {
    await expect(loadQuery('[?')).rejects.toThrow(/invalid --query expression/);
  });
});
