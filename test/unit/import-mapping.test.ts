import { describe, expect, it } from 'vitest';
import { buildMapping, describeRole, normalizeHeader, propertyKey, recognize } from '../../src/workflows/import/mapping.ts';
import { cleanEmail, isEmail } from '../../src/workflows/import/validate.ts';
import { SeenEmails } from '../../src/workflows/import/seen.ts';

const GOOGLE = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Nickname',
  'Organization Name',
  'Organization Title',
  'Labels',
  'E-mail 1 - Label',
  'E-mail 1 - Value',
  'E-mail 2 - Label',
  'E-mail 2 - Value',
  'Phone 1 - Label',
  'Phone 1 - Value',
  'Notes',
];
const OUTLOOK = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Title',
  'Suffix',
  'Nickname',
  'E-mail Address',
  'E-mail 2 Address',
  'E-mail Display Name',
  'Home Phone',
  'Business Phone',
  'Mobile Phone',
  'Business Fax',
  'Job Title',
  'Department',
  'Company',
  'Categories',
];

function roles(headers: string[]): Record<string, string> {
  const m = buildMapping(headers);
  return Object.fromEntries(m.columns.map((c) => [c.header, describeRole(c, m.headers)]));
}

describe('header recognition', () => {
  it('normalises headers', () => {
    expect(normalizeHeader(' E-mail 1 - Value ')).toBe('email 1 value');
    expect(normalizeHeader("Manager's Name")).toBe('manager s name');
  });

  it('maps a Google Contacts export', () => {
    expect(roles(GOOGLE)).toEqual({
      'First Name': 'name (first)',
      'Middle Name': 'name (middle)',
      'Last Name': 'name (last)',
      Nickname: 'preferred name',
      'Organization Name': 'company',
      'Organization Title': 'title',
      Labels: 'tags',
      'E-mail 1 - Label': 'type of email 1',
      'E-mail 1 - Value': "e-mail (type from 'E-mail 1 - Label')",
      'E-mail 2 - Label': 'type of email 2',
      'E-mail 2 - Value': "e-mail (type from 'E-mail 2 - Label')",
      'Phone 1 - Label': 'type of phone 1',
      'Phone 1 - Value': "phone (type from 'Phone 1 - Label')",
      Notes: '(ignored)',
    });
  });

  it("maps an Outlook export, where 'Title' is the honorific", () => {
    const r = roles(OUTLOOK);
    expect(r).toMatchObject({
      Title: '(ignored)',
      'Job Title': 'title',
      'E-mail Address': 'e-mail',
      'E-mail 2 Address': 'e-mail',
      'E-mail Display Name': '(ignored)',
      'Home Phone': 'phone (home)',
      'Business Phone': 'phone (work)',
      'Mobile Phone': 'phone (mobile)',
      'Business Fax': '(ignored)',
      Company: 'company',
      Categories: 'tags',
    });
    expect(recognize('Title', ['Title', 'Email'])).toEqual({ kind: 'title' });
  });

  it('refuses a file with no e-mail column, naming the fix', () => {
    expect(() => buildMapping(['Name', 'Phone'])).toThrow(/no column holds e-mail addresses/);
  });
});

describe('rows', () => {
  it('turns a Google row into a contact', () => {
    const m = buildMapping(GOOGLE, { tags: ['imported'] });
    const r = m.row(['Ann', 'B.', 'Lee', 'Annie', 'Acme', 'CTO', '* myContacts ::: Friends', '* Work', 'ann@acme.com', 'Home', 'ann@home.org ::: ann2@home.org', 'Mobile', '+1 555 0100', 'n']);
    expect(r).toEqual({
      kind: 'ok',
      email: 'ann@acme.com',
      contact: {
        email: 'ann@acme.com',
        name: 'Ann B. Lee',
        preferredName: 'Annie',
        company: 'Acme',
        title: 'CTO',
        tags: ['Friends', 'imported'],
        emails: [
          { address: 'ann@acme.com', type: 'work', primary: true },
          { address: 'ann@home.org', type: 'personal', primary: false },
          { address: 'ann2@home.org', type: 'personal', primary: false },
        ],
        phones: [{ number: '+1 555 0100', type: 'mobile', primary: true }],
      },
    });
  });

  it('reports bad e-mails, missing e-mails, blank rows and split rows', () => {
    const m = buildMapping(['Name', 'Email', 'Phone']);
    expect(m.row(['Bob', 'bob@', ''])).toMatchObject({ kind: 'invalid', error: "'bob@' in column 'Email' is not a valid e-mail address" });
    expect(m.row(['Bob', '', '1'])).toMatchObject({ kind: 'invalid', error: "no e-mail address (column 'Email')" });
    expect(m.row(['', ' ', ''])).toEqual({ kind: 'blank' });
    expect(m.row(['Lee', ' Ann', 'ann@x.com', '1'])).toMatchObject({ kind: 'invalid', error: /the row has 4 fields but the header has 3/ });
    expect(m.row(['Bob', 'Bob <bob@x.com>', '555'])).toEqual({ kind: 'ok', email: 'bob@x.com', contact: { email: 'bob@x.com', name: 'Bob', phone: '555' } });
  });

  it('checks time zones', () => {
    const m = buildMapping(['Email', 'Time Zone']);
    expect(m.row(['a@b.co', 'Europe/Paris'])).toMatchObject({ kind: 'ok', contact: { timezone: 'Europe/Paris' } });
    expect(m.row(['a@b.co', 'Mars/Base'])).toMatchObject({ kind: 'invalid', error: /not an IANA time zone/ });
  });

  it('applies --map and --properties-from', () => {
    const m = buildMapping(['Work Email', 'Personal Email', 'Lead Source', 'Owner', 'Notes', 'import_error'], {
      map: ['Personal Email=email', 'Owner=properties.accountOwner'],
      propertiesFrom: ['*'],
    });
    expect(m.row(['w@x.com', 'p@y.com', 'web', 'Sam', 'hi', 'old error'])).toEqual({
      kind: 'ok',
      email: 'p@y.com',
      contact: {
        email: 'p@y.com',
        emails: [
          { address: 'p@y.com', primary: true },
          { address: 'w@x.com', type: 'work', primary: false },
        ],
        properties: { leadSource: 'web', accountOwner: 'Sam', notes: 'hi' },
      },
    });
    expect(() => buildMapping(['Email'], { map: ['Nope=email'] })).toThrow(/no column 'Nope'/);
    expect(() => buildMapping(['Email', 'X'], { map: ['X=favourite'] })).toThrow(/unknown target 'favourite'/);
    expect(propertyKey('Website 1 - Value')).toBe('website1Value');
  });
});

describe('e-mail checks', () => {
  it('accepts real addresses and refuses look-alikes', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.org', 'josé@exämple.de', "o'neil@example.ie"]) expect(isEmail(ok), ok).toBe(true);
    for (const bad of ['bob@', '@x.com', 'bob@example', 'bob at example.com', 'a..b@x.com', 'a@-x.com', 'a@x.c', 'a b@x.com']) expect(isEmail(bad), bad).toBe(false);
    expect(cleanEmail(' mailto:A@B.co ')).toBe('A@B.co');
  });

  it('remembers e-mails across table growth', () => {
    const seen = new SeenEmails(4);
    for (let i = 0; i < 5000; i++) expect(seen.add(`user${i}@example.com`, i + 2, i)).toBeUndefined();
    expect(seen.add('user1234@example.com', 9999, 0)).toEqual({ row: 1236, content: 1234 });
    expect(seen.size).toBe(5000);
  });
});
