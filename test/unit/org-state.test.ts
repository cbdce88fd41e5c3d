// The org-as-code state file: each object apply makes is recorded at once in a journal beside the
// file, a stopped run's journal is read on top of the file, and apply folds it in when it ends.
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateFile } from '../../src/workflows/org-as-code/state.ts';
import { tempDir } from '../support/helpers.ts';

const open = (path: string) => new StateFile(path, 'http://x', 'org_1');

describe('org state file', () => {
  it('what apply recorded is there for the next run even when it stopped before folding the journal in', () => {
    const path = join(tempDir(), 'state.json');
    const a = open(path);
    a.add('members', 'usr_1', 'one@acme.test');
    a.add('members', 'usr_2', 'two@acme.test');
    a.add('teams', 'team_1', 'Platform');
    a.remove('members', 'usr_1');
    // No compact: the process was killed here. Nothing rewrote the state file per object.
    expect(existsSync(path)).toBe(false);
    // The kill cut the last line of the journal in half.
    appendFileSync(`${path}.journal`, '{"op":"add","kind":"members","id":"usr_3","la');
    const b = open(path);
    expect(b.state.managed.members).toEqual({ usr_2: 'two@acme.test' });
    expect(b.state.managed.teams).toEqual({ team_1: 'Platform' });
    expect(b.has('members', 'usr_3')).toBe(false);
  });

  it('compact writes the whole state once, mode 0600, and removes the journal; a second compact changes nothing', () => {
    const path = join(tempDir(), 'state.json');
    writeFileSync(path, `${JSON.stringify({ apiVersion: 'agnt/v1', kind: 'OrgState', baseUrl: 'http://x', organization: 'org_1', managed: { domains: { dom_1: 'acme.test' } } })}\n`);
    const s = open(path);
    s.add('invitations', 'inv_1', 'Platform/x@acme.test');
    s.compact();
    expect(existsSync(`${path}.journal`)).toBe(false);
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved.managed.domains).toEqual({ dom_1: 'acme.test' });
    expect(saved.managed.invitations).toEqual({ inv_1: 'Platform/x@acme.test' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const before = readFileSync(path, 'utf8');
    open(path).compact();
    expect(readFileSync(path, 'utf8')).toBe(before);
  });
});
