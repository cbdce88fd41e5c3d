// Variables per environment (issue 35, item 2): `${var:NAME}` in an organization document, given
// by --var NAME=VALUE or --vars FILE; a missing one is exit 2 naming it, before any request.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

type Sb = Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
let sb: Sb;
let doc: string;
let vars: string;
/** `${var:NAME}`, as the document writes it. */
const ref = (name: string) => `\${var:${name}}`;
beforeAll(async () => {
  dir = tempDir('agnt-vars-');
  sb = await withSandbox({ exampleRecords: false });
  doc = join(dir, 'org.yaml');
  writeFileSync(
    doc,
    [
      'apiVersion: agnt/v1',
      'kind: Organization',
      'organization:',
      '  name: Acme Corp',
      'domains:',
      '  - domain: acme.test',
      '    autoJoin: true',
      `  - domain: ${ref('DOMAIN')}`,
      'auditLogging:',
      '  enabled: true',
      `  storageBucketArn: arn:aws:s3:::${ref('BUCKET')}`,
      `  storagePrefix: ${ref('ENV')}/`,
      'teams:',
      '  - name: Acme Executive Team',
      '    profile:',
      `      mission: ${ref('MISSION')}`,
      '',
    ].join('\n'),
  );
  vars = join(dir, 'staging.yaml');
  writeFileSync(vars, 'DOMAIN: staging.acme.test\nBUCKET: acme-staging-audit\nENV: staging\nMISSION: "from the file"\n');
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

describe('variables', () => {
  it('a variable nobody gave is exit 2 naming each, before any request, for validate, plan and apply', async () => {
    const mark = sb.requests.length;
    for (const args of [
      ['org', 'validate', doc],
      ['org', 'plan', '-f', doc, 'org_acme'],
      ['org', 'apply', '-f', doc, 'org_acme', '--yes'],
      ['org', 'plan', '-f', doc, 'org_acme', '--var', 'DOMAIN=x.acme.test', '--var', 'MISSION=m'],
    ]) {
      const r = await agnt(args, { sb });
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      const [error, hint, ...rest] = r.stderr.trim().split('\n');
      const named = args.includes('--var')
        ? `${ref('BUCKET')} (auditLogging.storageBucketArn), ${ref('ENV')} (auditLogging.storagePrefix) are not given`
        : `${ref('DOMAIN')} (domains[1].domain), ${ref('BUCKET')}`;
      expect(error).toContain(`error: ${doc}: ${named}`);
      expect(hint).toBe('hint: give each with --var NAME=VALUE, or in a --vars FILE (NAME: value)');
      expect(rest).toEqual([]);
    }
    expect(sb.requests.length).toBe(mark);
    const bad = await agnt(['org', 'plan', '-f', doc, '--var', 'no-equals'], { sb });
    expect(bad.stderr).toMatch(/^error: --var no-equals: expected NAME=VALUE/);
    expect(bad.exitCode).toBe(2);
  });

  it('--vars FILE gives them, --var wins over the file; a value stays a string in its place', async () => {
    const plan = await agntJson(['org', 'plan', '-f', doc, 'org_acme', '--vars', vars, '--var', 'MISSION=goals: [a, b]'], { sb });
    expect(plan.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ op: 'create', path: 'domains[staging.acme.test]' }),
        expect.objectContaining({ op: 'update', path: 'auditLogging.storageBucketArn', new: 'arn:aws:s3:::acme-staging-audit' }),
        expect.objectContaining({ op: 'update', path: 'auditLogging.storagePrefix', new: 'staging/' }),
        expect.objectContaining({ op: 'update', path: 'teams[Acme Executive Team].profile.mission', new: 'goals: [a, b]' }),
      ]),
    );
    const apply = await agnt(['org', 'apply', '-f', doc, 'org_acme', '--vars', vars, '--yes'], { sb });
    expect(apply.exitCode).toBe(0);
    const exported = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout;
    expect(exported).toContain('  - domain: staging.acme.test\n');
    expect(exported).toContain('  storageBucketArn: arn:aws:s3:::acme-staging-audit\n');
    expect(exported).toContain('      mission: from the file\n');
    const again = await agnt(['org', 'plan', '-f', doc, 'org_acme', '--vars', vars, '--exit-code'], { sb });
    expect(again.stdout).toMatch(/no changes/);
    expect(again.exitCode).toBe(0);
    expect((await agnt(['org', 'validate', doc, '--vars', vars], { sb })).stdout).toBe(`${doc}: valid\n`);
  });
});
