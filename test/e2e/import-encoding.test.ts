// contacts import and legacy encodings: a Shift_JIS export is either read as Shift_JIS (when the
// detector is sure, or --encoding says so) or refused before anything is sent; never mojibake.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

type Rec = Record<string, any>;
let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;

beforeAll(async () => {
  sb = await withSandbox();
  dir = tempDir('agnt-encoding-');
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

const write = (name: string, data: Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, data);
  return p;
};
const nameOf = (email: string): string | undefined => (sb.store.lookup('contacts', 'email', email).find((c: Rec) => c.user === 'usr_admin') as Rec | undefined)?.name;
const bulkPosts = () => sb.requests.filter((r) => r.method === 'POST' && r.path === '/contacts/bulk-import').length;

describe('contacts import encodings', () => {
  it('a short Shift_JIS file: refused (exit 2, nothing sent) naming shift_jis; with --encoding it imports right', async () => {
    const file = write('sjis.csv', iconv.encode('email,name\ntaro@sjis.test,山田太郎\nhana@sjis.test,佐藤花子\n', 'Shift_JIS'));
    const before = bulkPosts();
    const r = await agnt(['contacts', 'import', file], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: \S*sjis\.csv: cannot tell the text encoding: it is not UTF-8, and might be shift_jis\b.*\nhint: give it with --encoding \(for example --encoding shift_jis\)/);
    expect(bulkPosts()).toBe(before);
    expect(nameOf('taro@sjis.test')).toBeUndefined();

    const ok = await agnt(['contacts', 'import', file, '--encoding', 'Shift_JIS', '-o', 'json'], { sb });
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ total: 2, created: 2, failed: 0 });
    expect([nameOf('taro@sjis.test'), nameOf('hana@sjis.test')]).toEqual(['山田太郎', '佐藤花子']);
  });

  it('a Shift_JIS export long enough for the detector to be sure is read as Shift_JIS', async () => {
    const names = ['鈴木一郎', '高橋美咲', '田中健太', '伊藤さくら', '渡辺翔'];
    const rows = Array.from({ length: 40 }, (_, i) => `long${i}@sjis.test,${names[i % names.length]},株式会社テスト${i}`);
    const file = write('sjis-long.csv', iconv.encode(['メール,氏名,会社', ...rows].join('\r\n') + '\r\n', 'Shift_JIS'));
    const r = await agnt(['contacts', 'import', file, '--map', 'メール=email', '--map', '氏名=name', '-o', 'json'], { sb });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 40, created: 40, failed: 0 });
    expect(nameOf('long3@sjis.test')).toBe('伊藤さくら');
  });

  it('--encoding takes any WHATWG label (cp1251 here) and refuses a name that is none', async () => {
    const file = write('cp1251.csv', iconv.encode('email,name\nivan@cp1251.test,Иван Петров\n', 'win1251'));
    const refused = await agnt(['contacts', 'import', file], { sb });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/cannot tell the text encoding/);
    const r = await agnt(['contacts', 'import', file, '--encoding', 'cp1251', '-o', 'json'], { sb });
    expect(r.exitCode).toBe(0);
    expect(nameOf('ivan@cp1251.test')).toBe('Иван Петров');
    const bad = await agnt(['contacts', 'import', file, '--encoding', 'klingon'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^error: --encoding: 'klingon' is not an encoding name\n/);
  });
});
