import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { Printer } from '../../src/core/present-printer.ts';
import { escapeControls, loadQuery, project, safeJson, safeYaml, type OutputOptions } from '../../src/core/output.ts';

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

  it('jsonl streams one record per line', async () => {
    const { p, out } = printer('jsonl');
    p.records(rows.slice(0, 1));
    p.records(rows.slice(1));
    expect(out.join('')).toBe(`${JSON.stringify(rows[0])}\n${JSON.stringify(rows[1])}\n`);
  });

  it('--query means the same in every format: applied to the whole result, a list being one array', async () => {
    const expr = '[].{user: id, mail: name}';
    const run = async (format: OutputOptions['format']) => {
      const { p, out } = printer(format, {}, [{ path: 'id' }, { path: 'tags' }], await loadQuery(expr));
      p.records(rows.slice(0, 1));
      p.records(rows.slice(1));
      await p.endList();
      return out.join('\n');
    };
    const want = [
      { user: 'u1', mail: 'Ada, "the admin"' },
      { user: 'u2', mail: 'Bo' },
    ];
    expect(JSON.parse(await run('json'))).toEqual(want);
    expect(await run('jsonl')).toBe(`${want.map((r) => JSON.stringify(r)).join('\n')}\n`);
    // csv columns follow what the query returns, not the command's columns.
    expect(await run('csv')).toBe('user,mail\nu1,"Ada, ""the admin"""\nu2,Bo');
    const ids = printer('id', {}, undefined, await loadQuery('[].name'));
    ids.p.records(rows);
    await ids.p.endList();
    expect(ids.out.join('\n')).toBe('Ada, "the admin"\nBo');
  });

  it('a --query that yields nothing is a usage error naming it, in every format', async () => {
    for (const format of ['json', 'yaml', 'table', 'jsonl', 'csv', 'id'] as const) {
      for (const expr of ['{user: id, mail: email}', 'email', '[].email']) {
        const { p, out } = printer(format, {}, undefined, await loadQuery(expr));
        p.records(rows);
        await expect(p.endList(), `${format} ${expr}`).rejects.toMatchObject({ exitCode: 2, message: `--query ${JSON.stringify(expr)} yields nothing from the 2 records` });
        expect(out).toEqual([]);
      }
    }
    // An empty list is not the query's fault, nor a filter that matches no record (a lookup).
    const { p } = printer('csv', {}, undefined, await loadQuery('[].email'));
    await p.endList();
    const lookup = printer('json', {}, undefined, await loadQuery("[?name=='nobody'].id | [0]"));
    lookup.p.records(rows);
    await lookup.p.endList();
    expect(lookup.out).toEqual(['null']);
  });

  it('-o id finds an id nested in the result, and says when there is none', async () => {
    const a = printer('id');
    await a.p.value({ user: { id: 'usr_1' }, created: true });
    expect(a.out).toEqual(['usr_1']);
    const b = printer('id', { idKeys: ['identifier'] });
    await b.p.value({ user: { id: 'usr_1' }, identifier: { id: 'idn_1' } });
    expect(b.out).toEqual(['idn_1']);
    const c = printer('id');
    await expect(c.p.value({ tiers: { default: 'fast' } })).rejects.toMatchObject({ exitCode: 2, message: '-o id: the result has no id' });
    expect(c.out).toEqual([]);
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

  it('yaml keeps line breaks as a block (the OpenAPI document is the same bytes); any other control is quoted and escaped', async () => {
    const text = '- first\n- second';
    expect(await safeYaml({ description: text })).toBe('description: |-\n  - first\n  - second');
    const hostile = `line\n${HOSTILE}`;
    const y = await safeYaml({ description: hostile });
    expect(y).toMatch(/^description: "/);
    expect(y).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/);
    expect(parseYaml(y)).toEqual({ description: hostile });
    expect(parseYaml(await safeYaml({ description: text }))).toEqual({ description: text });
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
