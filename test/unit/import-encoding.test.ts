// Encodings of a CSV without a byte-order mark: UTF-8, else the detector's confident guess, else
// Windows-1252 when the bytes read as Latin text there, else a usage error naming the likely ones.
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { normalizeEncoding, parseEncodingOption, sniff } from '../../src/workflows/import/detect.ts';

const NAMES = ['山田太郎', '佐藤花子', '鈴木一郎', '高橋美咲', '田中健太', '伊藤さくら', '渡辺翔', '山本優子', '中村大輔', '小林結衣'];
const japanese = (rows: number) => ['メール,氏名,会社', ...Array.from({ length: rows }, (_, i) => `user${i}@example.jp,${NAMES[i % NAMES.length]},株式会社テスト${i}`)].join('\n') + '\n';

describe('encoding labels', () => {
  it('takes any WHATWG label and names it canonically', () => {
    expect(['utf8', 'UTF-8', 'utf-16le', 'utf16be', 'latin1', 'cp1252', 'sjis', 'Shift_JIS', 'x-sjis', 'gbk', 'big5', 'euc-jp', 'koi8-r', 'iso-8859-2', 'cp1251'].map(normalizeEncoding)).toEqual([
      'utf8',
      'utf8',
      'utf16le',
      'utf16be',
      'windows-1252',
      'windows-1252',
      'shift_jis',
      'shift_jis',
      'shift_jis',
      'gbk',
      'big5',
      'euc-jp',
      'koi8-r',
      'iso-8859-2',
      'windows-1251',
    ]);
  });
  it('refuses what is not a label', () => {
    expect(() => parseEncodingOption('klingon')).toThrow(/--encoding: 'klingon' is not an encoding name/);
  });
});

describe('detection', () => {
  it('a Shift_JIS file long enough to be sure is read as Shift_JIS', () => {
    const d = sniff(new Uint8Array(iconv.encode(japanese(30), 'Shift_JIS')));
    expect(d.encoding).toBe('shift_jis');
  });

  it('a short Shift_JIS file is refused, naming Shift_JIS among the likely encodings', () => {
    const buf = iconv.encode('email,name\ntaro@example.jp,山田太郎\nhana@example.jp,佐藤花子\n', 'Shift_JIS');
    expect(() => sniff(new Uint8Array(buf), { name: 'x.csv' })).toThrow(/^x\.csv: cannot tell the text encoding: it is not UTF-8, and might be shift_jis\b/);
  });

  it('EUC-JP, GBK and Cyrillic Windows-1251 are refused rather than read as Windows-1252', () => {
    for (const [enc, text] of [
      ['EUC-JP', 'email,name\ntaro@example.jp,山田太郎\n'],
      ['gbk', 'email,name\nli@example.cn,李小龙\nwang@example.cn,王小明\n'],
      ['win1251', 'email,name\nivan@example.ru,Иван Петров\nolga@example.ru,Ольга Смирнова\n'],
    ] as const) {
      expect(() => sniff(new Uint8Array(iconv.encode(text, enc))), enc).toThrow(/cannot tell the text encoding/);
    }
  });

  it('Latin text in Windows-1252 (accents, curly quotes) is read as Windows-1252', () => {
    const buf = Buffer.from('Name;Email;Company\nJosé Núñez;jose@cp1252.test;Café \x93Olé\x94\nFrançoise Müller;f@x.test;Gärtner & Söhne\n', 'latin1');
    expect(sniff(new Uint8Array(buf)).encoding).toBe('windows-1252');
  });

  it('--encoding wins over detection', () => {
    const buf = iconv.encode('email,name\ntaro@example.jp,山田太郎\n', 'Shift_JIS');
    expect(sniff(new Uint8Array(buf), { encoding: 'shift_jis' }).encoding).toBe('shift_jis');
  });
});
