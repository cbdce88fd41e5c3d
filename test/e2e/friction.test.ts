// Friction on real input: a YAML flow mapping where help says "JSON or YAML", and a y/N prompt
// that asks again when the answer is neither, instead of taking it as no.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, sandboxForFile } from '../support/helpers.ts';
import { runInPty } from '../support/pty.ts';

const sb = sandboxForFile();

describe('input friction', () => {
  it("--saml '{entityId: abc}' (a YAML flow mapping) is read; broken JSON still names its place", async () => {
    const r = await agnt(['org', 'sso', 'set', 'org_acme', '--saml', '{entityId: abc, ssoUrl: https://idp.test/sso}', '--dry-run'], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).body.saml).toEqual({ entityId: 'abc', ssoUrl: 'https://idp.test/sso' });
    const bad = await agnt(['org', 'sso', 'set', 'org_acme', '--saml', '{"entityId": abc', '--dry-run'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^error: --saml:1:\d+: invalid JSON/);
  });

  it('a y/N prompt asks again on other text, then takes y', async () => {
    const dir = tempDir();
    try {
      const r = await runInPty(
        ['contacts', 'delete', 'con_carol'],
        [
          { expect: /\(y\/N\)/, send: 'maybe\r' },
          { expect: /answer y \(yes\) or n \(no\)/, send: ['\x7f', '\x7f', '\x7f', '\x7f', '\x7f', 'y', '\r'] },
        ],
        { AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, AGNT_CONFIG_DIR: dir },
      );
      expect(r.exitCode, r.output).toBe(0);
      expect(sb.store.get('contacts', 'con_carol')).toBeUndefined();
    } finally {
      removeDir(dir);
    }
  });

  it('the import finds the e-mail column by what it holds when its header is not English (E-Mail-Adresse, メール)', async () => {
    const dir = tempDir();
    try {
      const de = join(dir, 'outlook-de.csv');
      writeFileSync(de, 'Vorname,E-Mail-Adresse,Firma\nAnna,anna@de.friction.test,A GmbH\nBert,bert@de.friction.test,B AG\n');
      const jp = join(dir, 'jp.csv');
      writeFileSync(jp, '名前,メール\n太郎,taro@jp.friction.test\n');
      for (const file of [de, jp]) {
        const r = await agnt(['contacts', 'import', file, '-o', 'json'], { sb });
        expect(r.exitCode, r.stderr).toBe(0);
      }
      for (const email of ['anna@de.friction.test', 'bert@de.friction.test', 'taro@jp.friction.test']) expect(sb.store.lookup('contacts', 'email', email)).toHaveLength(1);
    } finally {
      removeDir(dir);
    }
  });

  it('--no-header: the first line is data, the columns are column 1, column 2...', async () => {
    const dir = tempDir();
    try {
      const file = join(dir, 'headerless.csv');
      writeFileSync(file, 'Anna,anna@nohead.friction.test\nBert,bert@nohead.friction.test\n');
      const r = await agnt(['contacts', 'import', file, '--no-header', '--map', 'column 1=name', '-o', 'json'], { sb });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ total: 2, created: 2 });
      expect(sb.store.lookup('contacts', 'email', 'anna@nohead.friction.test')[0]!.name).toBe('Anna');
    } finally {
      removeDir(dir);
    }
  });
});
