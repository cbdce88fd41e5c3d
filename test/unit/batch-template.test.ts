import { describe, expect, it } from 'vitest';
import { compileTemplate, markedArgv, placeholders, rowValues } from '../../src/workflows/batch/template.ts';
import { rowHash } from '../../src/workflows/batch/ledger.ts';

describe('batch command templates', () => {
  it('finds placeholders, but not JSON text or doubled braces', () => {
    expect(placeholders('{email}')).toEqual(['email']);
    expect(placeholders('{First Name}-{Last Name}')).toEqual(['First Name', 'Last Name']);
    expect(placeholders('{"a":1}')).toEqual([]);
    expect(placeholders('{{literal}}')).toEqual([]);
    expect(placeholders('{"note":"{email}"}')).toEqual(['email']);
  });

  it('ties placeholders to columns, exactly or ignoring case and spaces, and fills them', () => {
    const t = compileTemplate(['users', 'provision', '--email', '{Work Email}', '--first-name', '{first}', '--data', '{"x":"{{y}}"}'], ['First', ' Work Email ', 'Last'], 'hr.csv');
    expect([...t.columns]).toEqual([
      ['Work Email', 1],
      ['first', 0],
    ]);
    // The parser sees markers where cells go; a row's values replace the markers after parsing.
    expect(markedArgv(t)).toEqual(['users', 'provision', '--email', '\u00003\u0000', '--first-name', '\u00005\u0000', '--data', '{"x":"{y}"}']);
    expect([...rowValues(t, ['Ann', 'ann@x.test', 'Lee'])]).toEqual([
      ['\u00003\u0000', 'ann@x.test'],
      ['\u00005\u0000', 'Ann'],
    ]);
    expect([...rowValues(t, ['--yes'])]).toEqual([
      ['\u00003\u0000', ''],
      ['\u00005\u0000', '--yes'],
    ]);
    const eq = compileTemplate(['contacts', 'create', '--email={mail}'], ['mail'], 'a.csv');
    expect(markedArgv(eq)).toEqual(['contacts', 'create', '--email=\u00002\u0000']);
    expect([...rowValues(eq, ['-o'])]).toEqual([['\u00002\u0000', '-o']]);
  });

  it('refuses an unknown column, a missing command and a command word from a column', () => {
    expect(() => compileTemplate(['users', 'get', '{id}'], ['email'], 'a.csv')).toThrow(/unknown column \{id\}: a\.csv has the columns email/);
    expect(() => compileTemplate([], ['email'], 'a.csv')).toThrow(/give the command to run after --/);
    expect(() => compileTemplate(['{verb}'], ['verb'], 'a.csv')).toThrow(/command words cannot come from a column/);
  });

  it('hashes rows so that an edited row is noticed', () => {
    expect(rowHash(['a', 'b'])).toBe(rowHash(['a', 'b']));
    expect(rowHash(['a', 'b'])).not.toBe(rowHash(['ab', '']));
    expect(rowHash(['a', 'b'])).not.toBe(rowHash(['a', 'c']));
  });
});
