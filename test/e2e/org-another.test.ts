// Apply onto another organization (issue 35, item 3): the export of organization X, with what
// differs between environments made a variable, applied to an empty organization Y of the same
// sandbox and of another sandbox, gives `org export Y` equal to X but for the organization's name
// and the variables. The state file is kept per (server, organization).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const started: SandboxProcess[] = [];
let dir: string;
let x: string;
let xFile: string;
let portable: string;
let yFile: string;
const ref = (name: string) => `\${var:${name}}`;

beforeAll(async () => {
  dir = tempDir('agnt-another-');
  const sb = await withSandbox();
  try {
    x = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout;
  } finally {
    await sb.dispose();
  }
  xFile = join(dir, 'acme.yaml');
  writeFileSync(xFile, x);
  // The one thing that differs between the two organizations' documents: their domain.
  portable = join(dir, 'portable.yaml');
  writeFileSync(portable, x.replaceAll('acme.test', ref('DOMAIN')));
  // Y: an empty organization with its admin and an assistant of its own.
  yFile = join(dir, 'globex.yaml');
  writeFileSync(
    yFile,
    'apiVersion: agnt/v1\nkind: Organization\norganization:\n  name: Globex Inc\n  defaultAssistant: ava@assistants.globex.test\nmembers:\n  - email: admin@globex.test\n    role: admin\n',
  );
});
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  removeDir(dir);
});

/** X as Y's export should read: the domain put in, the organization's own name Y's. */
const expected = () => x.replaceAll('acme.test', 'globex.test').replace(/^organization:\n {2}name: Acme Corp$/m, 'organization:\n  name: Globex Inc');

async function applyToY(s: SandboxProcess): Promise<void> {
  const as = { env: { AGNT_TOKEN: s.tokens['admin@globex.test']! } };
  const vars = ['--var', 'DOMAIN=globex.test'];
  const plan = await s.run(['org', 'plan', '-f', portable, 'org_globex_inc', ...vars], as);
  expect(plan.exitCode).toBe(0);
  expect(plan.stdout).toContain(`note: organization.name: the file names 'Acme Corp'; org_globex_inc keeps its name 'Globex Inc' (to rename it, add --rename)`);
  const applied = await s.run(['org', 'apply', '-f', portable, 'org_globex_inc', ...vars, '--yes'], as);
  expect(applied.stderr).not.toMatch(/error/);
  expect(applied.exitCode).toBe(0);
  expect((await s.run(['org', 'export', 'org_globex_inc'], as)).stdout).toBe(expected());
  const again = await s.run(['org', 'plan', '-f', portable, 'org_globex_inc', ...vars, '--exit-code'], as);
  expect(again.stdout).toMatch(/no changes; the organization matches the file/);
  expect(again.exitCode).toBe(0);
  // The state of what apply created is Y's on this server.
  const host = new URL(s.url).host.replace(/[^A-Za-z0-9.-]+/g, '_');
  const state = JSON.parse(readFileSync(join(s.config, 'org-state', host, 'org_globex_inc.json'), 'utf8'));
  expect(state).toMatchObject({ kind: 'OrgState', baseUrl: s.url, organization: 'org_globex_inc' });
  expect(Object.values(state.managed.teams).sort()).toEqual(['Acme Executive Team', 'Acme Labs']);
  expect(existsSync(join(s.config, 'org-state', host, 'org_acme_corp.json'))).toBe(false);
}

describe('apply onto another organization', () => {
  it('the same sandbox: Y becomes X but for its name and the variables; X is untouched', async () => {
    const s = await startSandboxProcess(['--seed', xFile, '--seed', yFile]);
    started.push(s);
    await applyToY(s);
    expect((await s.run(['org', 'export', 'org_acme_corp'])).stdout).toBe(x);
  });

  it('another sandbox: the same', async () => {
    const s = await startSandboxProcess(['--seed', yFile]);
    started.push(s);
    await applyToY(s);
  });

  it('--rename gives Y the name of the file', async () => {
    const s = await startSandboxProcess(['--seed', yFile]);
    started.push(s);
    const as = { env: { AGNT_TOKEN: s.tokens['admin@globex.test']! } };
    const plan = await s.run(['org', 'plan', '-f', portable, 'org_globex_inc', '--var', 'DOMAIN=globex.test', '--rename', '-o', 'json'], as);
    expect(JSON.parse(plan.stdout).changes).toContainEqual(expect.objectContaining({ op: 'update', path: 'organization.name', old: 'Globex Inc', new: 'Acme Corp' }));
  });
});
