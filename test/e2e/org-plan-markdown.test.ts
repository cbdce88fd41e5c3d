// `org plan -o markdown` and `org drift -o markdown`: the plan as a pull-request comment, and the
// GitHub Actions workflow of examples/ run (its agnt commands) against a sandbox.
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { agnt, BIN, cleanEnv, tempDir, withSandbox } from '../support/helpers.ts';
import { COMMENT_LIMIT, planMarkdown } from '../../src/workflows/org-as-code/plan-markdown.ts';
import { planGroups } from '../../src/workflows/org-as-code/plan.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });

const ROOT = resolve(import.meta.dirname, '..', '..');
type Sb = Awaited<ReturnType<typeof withSandbox>>;

let sb: Sb;
let dir: string;
/** The sandbox's organization as a document (org export): a plan of it changes nothing. */
let EXPORTED: string;
/** That document with three fields changed: SSO enforcement and a team's two branding flags. */
let THREE: string;
beforeAll(async () => {
  sb = await withSandbox({ exampleRecords: false });
  dir = tempDir('agnt-plan-md-');
  EXPORTED = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout;
  const flip = (text: string, key: string) => text.replace(new RegExp(`( {2,}${key}: )(true|false)`), (_, k: string, v: string) => `${k}${v === 'true' ? 'false' : 'true'}`);
  THREE = flip(flip(flip(EXPORTED, 'enforced'), 'brandingOnEvents'), 'brandingOnMessages');
});
afterAll(() => sb.dispose());

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe('org plan -o markdown', () => {
  it('a plan of 3 changes: the summary line, the groups the terminal shows, each change a diff line', async () => {
    expect(THREE).not.toBe(EXPORTED);
    const doc = file('three.yaml', THREE);
    const table = await agnt(['org', 'plan', '-f', doc, 'org_acme'], { sb });
    const md = await agnt(['org', 'plan', '-f', doc, 'org_acme', '-o', 'markdown', '--exit-code'], { sb });
    expect(md.exitCode).toBe(7);
    expect(md.stdout.split('\n').slice(0, 3)).toEqual(['### `agnt org plan -f ' + doc + '`', '', `**\`plan for org_acme (Acme Corp) from ${doc}: 0 to create, 3 to update, 0 to delete\`**`]);
    // The terminal's groups, in its order, each a fenced diff block holding its lines.
    const terminalGroups = [...table.stdout.matchAll(/^(\w+):$/gm)].map((m) => m[1]);
    const mdGroups = [...md.stdout.matchAll(/^\*\*(\w+) \(\d+ changes?\)\*\*$/gm)].map((m) => m[1]);
    expect(mdGroups).toEqual(terminalGroups);
    expect(mdGroups.length).toBeGreaterThan(1);
    const diffLines = md.stdout.split('\n').filter((l) => /^[~+-] /.test(l));
    const terminalLines = table.stdout
      .split('\n')
      .filter((l) => /^ {2}[~+-] /.test(l))
      .map((l) => l.trim());
    expect(diffLines).toEqual(terminalLines);
    expect(diffLines).toHaveLength(3);
    expect(md.stdout).not.toContain('<details>');
    expect(md.stdout.match(/^```diff$/gm)).toHaveLength(mdGroups.length);
  });

  it('org drift -o markdown: the drifted fields and who changed them', async () => {
    const doc = file('drift.yaml', THREE);
    const md = await agnt(['org', 'drift', '-f', doc, 'org_acme', '-o', 'markdown'], { sb });
    expect(md.exitCode).toBe(0);
    expect(md.stdout).toMatch(/^### `agnt org drift -f .*`\n\n\*\*`drift of org_acme \(Acme Corp\) from .*: 3 field\(s\) differ`\*\*\n/);
    expect(md.stdout.split('\n').filter((l) => l.startsWith('~ '))).toHaveLength(3);
    expect(md.stdout).toMatch(/^ {4}changed by/m);
  });

  it('a secret is masked: the plan of a new private key shows "<secret>" and never the key', async () => {
    const KEY = '-----BEGIN PRIVATE KEY-----MDSECRETkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7';
    const NEW = '-----BEGIN PRIVATE KEY-----MDNEWNEWkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7';
    const sso = file('sso.json', JSON.stringify({ provider: 'saml', saml: { entityId: 'https://idp.test', ssoUrl: 'https://idp.test/sso', privateKey: KEY } }));
    expect((await agnt(['org', 'sso', 'set', 'org_acme', '--file', sso], { sb })).exitCode).toBe(0);
    const exported = await agnt(['org', 'export', 'org_acme'], { sb });
    const doc = file('secret.yaml', exported.stdout);
    const md = await agnt(['org', 'plan', '-f', doc, 'org_acme', '-o', 'markdown'], { sb, env: { AGNT_SSO_SAML_PRIVATE_KEY: NEW } });
    expect(md.exitCode).toBe(0);
    expect(md.stdout).toContain('~ sso.saml.privateKey: "<secret>" -> "<secret>"');
    expect(md.stdout).not.toContain('MDSECRET');
    expect(md.stdout).not.toContain('MDNEWNEW');
  });

  it('other commands refuse -o markdown before sending anything', async () => {
    const mark = sb.requests.length;
    const r = await agnt(['users', 'list', '-o', 'markdown'], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/-o markdown: this command writes no markdown/);
    expect(sb.requests.length).toBe(mark);
  });
});

describe('a long plan as a comment', () => {
  const change = (i: number, value: string) => ({ op: 'update', kind: 'member', step: i % 2 ? 'members' : 'teams', path: `members[user${i}@acme.test].role`, old: 'member', new: value });

  it('2,000 changes: folded in <details> per group, within 65,536 characters, cut with a note', () => {
    const changes = Array.from({ length: 2000 }, (_, i) => change(i, `admin-${'x'.repeat(40)}`));
    const md = planMarkdown({
      command: 'agnt org plan -f org.yaml',
      summary: 'plan for org_acme: 0 to create, 2000 to update, 0 to delete',
      groups: planGroups(changes),
      whole: 'agnt org plan -f org.yaml -o json',
    });
    expect(md.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(md).toContain('<details><summary>teams (1000 changes)</summary>');
    const shown = md.split('\n').filter((l) => l.startsWith('~ ')).length;
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThan(2000);
    expect(md).toContain(`**The plan is cut here**: ${shown} of 2000 changes shown`);
    // Every block opened is closed: fences pair up, each <details> ends.
    expect((md.match(/^```/gm) ?? []).length % 2).toBe(0);
    expect((md.match(/<details>/g) ?? []).length).toBe((md.match(/<\/details>/g) ?? []).length);
  });

  it('a long plan that fits is folded and whole', () => {
    const changes = Array.from({ length: 200 }, (_, i) => change(i, 'admin'));
    const md = planMarkdown({ command: 'agnt org plan -f org.yaml', summary: 'plan', groups: planGroups(changes), whole: 'x' });
    expect(md).toContain('<details><summary>members (100 changes)</summary>');
    expect(md.split('\n').filter((l) => l.startsWith('~ '))).toHaveLength(200);
    expect(md).not.toContain('cut here');
  });

  it('server text cannot close a block or become markup', () => {
    const md = planMarkdown({ command: 'c', summary: 'plan for `org` <img src=x>', groups: [{ name: 'teams', lines: ['~ teams[```</details>@all].name: "a" -> "\x1b[2Jb"'] }], whole: 'x' });
    expect(md).toContain('````diff');
    expect(md).not.toContain('\x1b');
    expect(md).toContain('**`` plan for `org` <img src=x> ``**');
  });
});

describe('examples/github-actions/org.yaml', () => {
  const workflow = parseYaml(readFileSync(join(ROOT, 'examples', 'github-actions', 'org.yaml'), 'utf8')) as {
    on: Record<string, unknown>;
    jobs: Record<string, { if: string; steps: Array<{ name?: string; run?: string }> }>;
  };
  const step = (job: string, name: string) => workflow.jobs[job]!.steps.find((s) => s.name === name)!.run!;

  it('plans on a pull request and applies on a push to main', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.jobs.plan!.if).toContain("'pull_request'");
    expect(workflow.jobs.apply!.if).toContain("'push'");
    expect(step('plan', 'plan')).toContain('-o markdown > plan.md');
    expect(step('plan', 'comment')).toContain('--body-file plan.md');
    expect(step('apply', 'keep the state file')).toContain('git add org/org-state.json');
  });

  it("its agnt steps run against a sandbox: validate, a plan comment of the pull request's change, apply, the state file kept", async () => {
    const repo = join(dir, 'repo');
    mkdirSync(join(repo, 'org'), { recursive: true });
    mkdirSync(join(repo, 'bin'), { recursive: true });
    // The pull request: a new team in the organization's file.
    const changed = EXPORTED.replace(/\nteams:\n/, '\nteams:\n  - name: Workflow Team\n');
    expect(changed).not.toBe(EXPORTED);
    writeFileSync(join(repo, 'org', 'org.yaml'), changed);
    // `npm install -g agnt` on the runner; here the built CLI.
    const shim = join(repo, 'bin', 'agnt');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(shim, 0o755);
    const env = { ...cleanEnv(), PATH: `${join(repo, 'bin')}:${process.env.PATH}`, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin!, AGNT_CONFIG_DIR: tempDir() };
    const run = (script: string) => execa('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: repo, env, extendEnv: false, reject: false });

    const validate = await run(step('plan', 'validate'));
    expect(validate.exitCode, validate.stderr).toBe(0);
    const plan = await run(step('plan', 'plan'));
    expect(plan.exitCode, plan.stderr).toBe(0);
    const comment = readFileSync(join(repo, 'plan.md'), 'utf8');
    expect(comment).toMatch(/^### `agnt org plan -f org\/org\.yaml`\n\n\*\*`plan for org_acme \(Acme Corp\) from org\/org\.yaml: 1 to create/);
    expect(comment).toContain('+ teams[Workflow Team]');
    expect(sb.store.filter('teams', (t) => t.name === 'Workflow Team')).toHaveLength(0);

    const apply = await run(step('apply', 'apply'));
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(sb.store.filter('teams', (t) => t.name === 'Workflow Team')).toHaveLength(1);
    expect(existsSync(join(repo, 'org', 'org-state.json'))).toBe(true);
    // A second plan (the next pull request) finds nothing to change.
    const again = await run(step('plan', 'plan'));
    expect(again.exitCode).toBe(0);
    expect(readFileSync(join(repo, 'plan.md'), 'utf8')).toContain('no changes; the organization matches the file');
    cpSync(join(repo, 'plan.md'), join(dir, 'last-plan.md'));
  });
});
