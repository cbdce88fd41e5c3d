import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { maskToken, readConfig, resolveSettings, updateConfig } from '../../src/core/config.ts';

const dir = () => join(mkdtempSync(join(tmpdir(), 'agnt-cfg-')), 'agnt');

describe('config', () => {
  it('writes atomically through conf: 0600 file, 0700 folder, no temp files left', async () => {
    const d = dir();
    const env = { AGNT_CONFIG_DIR: d };
    await updateConfig((c) => {
      c.profiles = { a: { baseUrl: 'https://x.test', token: 'tok_1234567890' } };
      c.currentProfile = 'a';
    }, env);
    await updateConfig((c) => {
      c.profiles!.a!.output = 'json';
    }, env);
    expect(statSync(d).mode & 0o777).toBe(0o700);
    expect(statSync(join(d, 'config.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(d)).toEqual(['config.json']);
    expect(JSON.parse(readFileSync(join(d, 'config.json'), 'utf8')).profiles.a).toEqual({ baseUrl: 'https://x.test', token: 'tok_1234567890', output: 'json' });
  });

  it('resolves flag > environment > profile > default, and says which', () => {
    const data = { currentProfile: 'p', profiles: { p: { baseUrl: 'https://p.test', token: 'ptok', timeout: 10, output: 'yaml' } } };
    const s = resolveSettings({ baseUrl: 'https://flag.test' }, { AGNT_TIMEOUT: '5' }, data);
    expect([s.baseUrl.value, s.baseUrl.source]).toEqual(['https://flag.test', 'flag']);
    expect([s.timeout.value, s.timeout.source]).toEqual([5, 'env']);
    expect([s.output.value, s.output.source]).toEqual(['yaml', 'profile']);
    expect([s.retries.value, s.retries.source]).toEqual([3, 'default']);
    expect([s.token.value, s.token.source]).toEqual(['ptok', 'profile']);
    const e = resolveSettings({}, { AGNT_TOKEN: 'etok', AGNT_PROFILE: 'p' }, data);
    expect([e.token.value, e.token.source, e.profile.source]).toEqual(['etok', 'env', 'env']);
  });

  it('an unknown profile named by flag or environment is a usage error', () => {
    expect(() => resolveSettings({ profile: 'nope' }, {}, { profiles: { a: {} } })).toThrow(/no profile named 'nope' \(profiles: a\)/);
    expect(() => resolveSettings({}, { AGNT_TIMEOUT: 'x' }, {})).toThrow(/AGNT_TIMEOUT must be a non-negative number/);
  });

  it('a missing config file reads as empty; tokens are masked', () => {
    expect(readConfig({ AGNT_CONFIG_DIR: dir() })).toEqual({});
    expect(maskToken('agnt_sbx_admin_abcdef')).toBe('agnt*****************');
    expect(maskToken('short')).toBe('****');
  });
});
