import { describe, expect, it } from 'vitest';
import { Packing } from '../../src/sandbox/packing.ts';
import { CONTACT_FRAGMENTS, CONTACT_TEMPLATE, makeContact } from '../../src/sandbox/model.ts';
import { Store } from '../../src/sandbox/store.ts';

const p = new Packing(CONTACT_TEMPLATE, CONTACT_FRAGMENTS);
/** What a record looks like after a trip through JSON, as a data file keeps it. */
const viaJson = (r: unknown) => JSON.parse(JSON.stringify(r));

function contact(fields: Record<string, unknown>) {
  const store = new Store();
  return makeContact(store, { user: 'usr_admin', email: 'ann@example.com', ...fields });
}

describe('packed records', () => {
  it('a contact as makeContact makes it packs by position and unpacks to the same record, keys in order', () => {
    const c = contact({ name: 'Ann Lee', tags: ['vip'], company: { id: 'co_acme', name: 'Acme', slug: 'acme', domain: 'example.com' } });
    const text = p.pack(c);
    expect(text.startsWith('[')).toBe(true);
    const back = p.unpack(c.id, text);
    expect(JSON.stringify(back)).toBe(JSON.stringify(c));
    expect(Object.keys(back)).toEqual(Object.keys(CONTACT_TEMPLATE));
  });

  it('keeps values that look like defaults or fragments, non-ASCII and control characters exactly', () => {
    const c = contact({
      name: 'Müller 😀 "quoted" \\ \u0001\u001f',
      title: '","type":"work","primary":true,"source":"imported"}]',
      priority: 3,
      status: null,
      scope: 'team',
      social: { x: '@ann' },
      properties: {},
      phones: [{ number: '+1 555', type: 'other', primary: true, source: 'imported' }],
    });
    const text = p.pack(c);
    expect(/[\u0080-\uffff]/.test(text)).toBe(false);
    expect(p.unpack(c.id, text)).toEqual(viaJson(c));
  });

  it('a changed updatedAt is kept; an unchanged one costs nothing', () => {
    const c = contact({});
    const later = { ...c, updatedAt: '2030-01-01T00:00:00.000Z' };
    expect(p.unpack(c.id, p.pack(later)).updatedAt).toBe('2030-01-01T00:00:00.000Z');
    expect(p.unpack(c.id, p.pack(c)).updatedAt).toBe(c.createdAt);
  });

  it('a record with other keys or another order is kept whole', () => {
    const c = contact({});
    const extra = { ...c, mergedInto: 'con_x' };
    expect(p.pack(extra).startsWith('{')).toBe(true);
    expect(p.unpack(c.id, p.pack(extra))).toEqual(viaJson(extra));
    const { id, ...rest } = c;
    const reordered = { ...rest, id };
    expect(JSON.stringify(p.unpack(id, p.pack(reordered)))).toBe(JSON.stringify(reordered));
  });

  it('a packed collection reads, updates, indexes and removes as a plain one', () => {
    const store = new Store();
    store.pack('contacts', CONTACT_TEMPLATE, CONTACT_FRAGMENTS);
    const a = makeContact(store, { user: 'usr_admin', email: 'A@example.com', name: 'A' });
    const b = makeContact(store, { user: 'usr_admin', email: 'b@example.com', name: 'B' });
    expect(store.get('contacts', a.id)).toEqual(viaJson(a));
    expect(store.lookup('contacts', 'email', 'a@EXAMPLE.com').map((c) => c.id)).toEqual([a.id]);
    const u = store.update('contacts', a.id, { email: 'c@example.com', tags: ['x'] })!;
    expect(store.get('contacts', a.id)).toEqual(viaJson(u));
    expect(store.lookup('contacts', 'email', 'a@example.com')).toEqual([]);
    expect(store.lookup('contacts', 'email', 'c@example.com')[0]!.tags).toEqual(['x']);
    expect(store.all('contacts').map((c) => c.id)).toEqual([a.id, b.id]);
    expect(store.filter('contacts', (c) => c.name === 'B').map((c) => c.id)).toEqual([b.id]);
    expect(store.remove('contacts', b.id)).toBe(true);
    expect(store.get('contacts', b.id)).toBeUndefined();
    expect(store.size('contacts')).toBe(1);
  });
});
