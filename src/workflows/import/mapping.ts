// Which CSV column feeds which contact field: recognised from the usual headers (plain ones and
// the numbered forms of Google and Outlook exports), overridden with --map, and extra columns
// kept as properties with --properties-from. Then each row is turned into a bulk-import item.
import { UsageError } from '../../core/errors.ts';
import { fingerprintAdd, fingerprintEnd, fingerprintStart } from './seen.ts';
import { cleanEmail, isEmail, isTimeZone } from './validate.ts';

export type EmailType = 'work' | 'personal' | 'other';
export type PhoneType = 'mobile' | 'work' | 'home' | 'other';

/** The column the failed-rows file adds; ignored when such a file is imported again. */
export const ERROR_COLUMN = 'import_error';

export type Role =
  | { kind: 'email'; type?: EmailType; typeCol?: number }
  | { kind: 'phone'; type?: PhoneType; typeCol?: number }
  | { kind: 'name' | 'firstName' | 'middleName' | 'lastName' | 'preferredName' | 'company' | 'title' | 'timezone' | 'tags' }
  | { kind: 'property'; key: string }
  | { kind: 'typeOf'; of: string }
  | { kind: 'ignore' };

export interface ColumnMap {
  index: number;
  header: string;
  role: Role;
  /** auto: recognised header; map: --map; properties: --properties-from. */
  how: 'auto' | 'map' | 'properties';
}

/** A bulk-import item (part 1, 4.3). */
export interface ImportContact {
  email: string;
  name?: string;
  preferredName?: string;
  phone?: string;
  company?: string;
  title?: string;
  timezone?: string;
  phones?: Array<{ number: string; type?: PhoneType; primary?: boolean }>;
  emails?: Array<{ address: string; type?: EmailType; primary?: boolean }>;
  properties?: Record<string, string>;
  tags?: string[];
}

/**
 * A fingerprint of a contact's values, letter case aside: two rows with the same e-mail and the
 * same fingerprint are the same row twice. Every field is taken in a fixed order, an absent one
 * as an empty string, and each list ends with a mark, so that values cannot shift between fields.
 */
export function contactFingerprint(c: ImportContact): number {
  fingerprintStart();
  fingerprintAdd(c.email);
  fingerprintAdd(c.name ?? '');
  fingerprintAdd(c.preferredName ?? '');
  fingerprintAdd(c.company ?? '');
  fingerprintAdd(c.title ?? '');
  fingerprintAdd(c.timezone ?? '');
  fingerprintAdd(c.phone ?? '');
  for (const e of c.emails ?? []) {
    fingerprintAdd(e.address);
    fingerprintAdd(e.type ?? '');
  }
  fingerprintAdd(LIST_END);
  for (const p of c.phones ?? []) {
    fingerprintAdd(p.number);
    fingerprintAdd(p.type ?? '');
  }
  fingerprintAdd(LIST_END);
  for (const t of c.tags ?? []) fingerprintAdd(t);
  fingerprintAdd(LIST_END);
  for (const k in c.properties) {
    fingerprintAdd(k);
    fingerprintAdd(c.properties[k]!);
  }
  return fingerprintEnd();
}

/** Ends a list in the fingerprint (control characters that a contact's values do not hold). */
const LIST_END = '\u0000\u0001';

export type RowResult = { kind: 'blank' } | { kind: 'invalid'; email: string; error: string } | { kind: 'ok'; email: string; contact: ImportContact };

export interface MappingOptions {
  /** Where the header row is ('contacts.csv:1'), for errors about the file's columns. */
  where?: string;
  /** --map 'Header=target', in the order given. */
  map?: string[];
  /** --properties-from: header names, or '*' for every column not otherwise used. */
  propertiesFrom?: string[];
  /** --tags: added to every row. */
  tags?: string[];
  /** The first data rows: with no e-mail header, a column whose every filled cell is an address is the e-mail column. */
  sample?: string[][];
}

export interface Mapping {
  headers: string[];
  columns: ColumnMap[];
  tags: string[];
  /** Applies the mapping to one record's cells. */
  row(cells: string[]): RowResult;
}

export function normalizeHeader(h: string): string {
  return h
    .toLowerCase()
    .replace(/e-mail/g, 'email')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function emailTypeOf(word: string | undefined): EmailType | undefined {
  if (!word) return undefined;
  const w = word
    .replace(/^\*\s*/, '')
    .trim()
    .toLowerCase();
  if (!w) return undefined;
  if (/^(work|business|office|company)/.test(w)) return 'work';
  if (/^(home|personal|private)/.test(w)) return 'personal';
  return 'other';
}

function phoneTypeOf(word: string | undefined): PhoneType | undefined {
  if (!word) return undefined;
  const w = word
    .replace(/^\*\s*/, '')
    .trim()
    .toLowerCase();
  if (!w) return undefined;
  if (/^(mobile|cell|iphone|handy)/.test(w)) return 'mobile';
  if (/^(work|business|office|main|company)/.test(w)) return 'work';
  if (/^(home|private|personal)/.test(w)) return 'home';
  return 'other';
}

const EMAIL_HEADER = /^(?:(work|business|office|personal|private|home|other|primary|secondary|alternate|alternative) )?(?:email|mail|emailaddress)(?: \d+)?(?: address(?:es)?)?(?: \d+)?$/;
const PHONE_HEADER = /^(?:(mobile|cell|cellular|work|business|office|home|other|primary|main|company main|personal|private) )?(?:phone|telephone|tel|mobile|cell|cellphone)(?: number| no)?(?: \d+)?$/;
const SIMPLE: Array<[RegExp, Role['kind']]> = [
  [/^(?:full name|name|display name|contact name|contact|person)$/, 'name'],
  [/^(?:first name|firstname|first|given name|givenname|forename)$/, 'firstName'],
  [/^(?:middle name|middlename|middle|additional name)$/, 'middleName'],
  [/^(?:last name|lastname|last|surname|family name|familyname)$/, 'lastName'],
  [/^(?:nickname|nick name|preferred name|known as)$/, 'preferredName'],
  [/^(?:company|company name|organization|organisation|organization name|organisation name|org|employer|account name|business name|organization 1 name)$/, 'company'],
  [/^(?:title|job title|jobtitle|position|role|job|designation|organization title|organisation title|organization 1 title)$/, 'title'],
  [/^(?:time ?zone|tz|time zone name)$/, 'timezone'],
  [/^(?:tags?|labels?|categories|category|groups?|group membership|lists?)$/, 'tags'],
];

/** True when a header names an e-mail column (used to find the header row). */
export function isEmailHeader(header: string): boolean {
  const h = normalizeHeader(header);
  return EMAIL_HEADER.test(h) || /^email \d+ value$/.test(h);
}

/** The role a header plays on its own, before --map and --properties-from. */
export function recognize(header: string, all: readonly string[] = []): Role | undefined {
  const h = normalizeHeader(header);
  if (header.trim().toLowerCase() === ERROR_COLUMN) return { kind: 'ignore' };
  // Numbered multi-value forms: 'E-mail 1 - Value' / 'E-mail 1 - Type' (Google), 'Phone 2 - Label'.
  let m = /^(email|phone) (\d+) (value|type|label)$/.exec(h);
  if (m) return m[3] === 'value' ? { kind: m[1] === 'email' ? 'email' : 'phone' } : { kind: 'typeOf', of: `${m[1]} ${m[2]}` };
  m = EMAIL_HEADER.exec(h);
  if (m) return { kind: 'email', type: m[1] && m[1] !== 'primary' ? emailTypeOf(m[1]) : undefined };
  m = PHONE_HEADER.exec(h);
  if (m) {
    const word = m[1] ?? (/^(mobile|cell)/.test(h) ? 'mobile' : undefined);
    return { kind: 'phone', type: word && word !== 'primary' ? phoneTypeOf(word) : undefined };
  }
  // Outlook's 'Title' is the honorific (Mr, Dr) when a 'Job Title' column exists.
  if (h === 'title' && all.some((o) => /^(job title|jobtitle)$/.test(normalizeHeader(o)))) return { kind: 'ignore' };
  for (const [re, kind] of SIMPLE) if (re.test(h)) return { kind } as Role;
  return undefined;
}

const TARGETS =
  'email, email:work|personal|other, name, first-name, middle-name, last-name, preferred-name, phone, phone:mobile|work|home|other, company, title, timezone, tags, properties.KEY, ignore';

export function parseTarget(target: string): Role {
  const t = target.trim();
  const lower = t.toLowerCase().replace(/[-_]/g, '');
  let m = /^email(?::(work|personal|other))?$/.exec(lower);
  if (m) return { kind: 'email', type: m[1] as EmailType | undefined };
  m = /^phone(?::(mobile|work|home|other))?$/.exec(lower);
  if (m) return { kind: 'phone', type: m[1] as PhoneType | undefined };
  m = /^(?:properties\.|property:|properties:)(.+)$/i.exec(t);
  if (m) return { kind: 'property', key: m[1]!.trim() };
  const simple: Record<string, Role['kind']> = {
    name: 'name',
    fullname: 'name',
    firstname: 'firstName',
    middlename: 'middleName',
    lastname: 'lastName',
    preferredname: 'preferredName',
    nickname: 'preferredName',
    company: 'company',
    title: 'title',
    jobtitle: 'title',
    timezone: 'timezone',
    tags: 'tags',
    ignore: 'ignore',
    skip: 'ignore',
  };
  if (t === '-' || t === '') return { kind: 'ignore' };
  const kind = simple[lower];
  if (!kind) throw new UsageError(`--map: unknown target '${target}' (allowed: ${TARGETS})`);
  return { kind } as Role;
}

/** 'Lead Source' -> 'leadSource': the property key for a column kept with --properties-from. */
export function propertyKey(header: string): string {
  const words = normalizeHeader(header).split(' ').filter(Boolean);
  if (!words.length) return header.trim() || 'column';
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

function findHeader(headers: string[], name: string, flag: string): number {
  const want = name.trim().toLowerCase();
  const i = headers.findIndex((h) => h.trim().toLowerCase() === want);
  if (i < 0) throw new UsageError(`${flag}: no column '${name}' (columns: ${headers.map((h) => `'${h}'`).join(', ')})`);
  return i;
}

export function describeRole(c: ColumnMap, headers: string[]): string {
  const r = c.role;
  switch (r.kind) {
    case 'email':
    case 'phone': {
      const kind = r.kind === 'email' ? 'e-mail' : 'phone';
      const type = r.typeCol !== undefined ? ` (type from '${headers[r.typeCol]}')` : r.type ? ` (${r.type})` : '';
      return `${kind}${type}`;
    }
    case 'property':
      return `properties.${r.key}`;
    case 'typeOf':
      return `type of ${r.of}`;
    case 'ignore':
      return '(ignored)';
    default:
      return {
        name: 'name',
        firstName: 'name (first)',
        middleName: 'name (middle)',
        lastName: 'name (last)',
        preferredName: 'preferred name',
        company: 'company',
        title: 'title',
        timezone: 'timezone',
        tags: 'tags',
      }[r.kind];
  }
}

const LIST_SPLIT = /\s*(?::::|[,;])\s*/;
const MULTI_SPLIT = /\s*:::\s*/;
/** False when LIST_SPLIT cannot split the (trimmed) cell: it then holds one item, itself. */
const isList = (raw: string): boolean => raw.includes(',') || raw.includes(';') || raw.includes(':::');

export function buildMapping(rawHeaders: string[], opts: MappingOptions = {}): Mapping {
  const headers = rawHeaders.map((h) => h.trim());
  const columns: ColumnMap[] = headers.map((header, index) => ({ index, header, role: recognize(header, headers) ?? { kind: 'ignore' }, how: 'auto' }));
  const unrecognised = new Set(headers.map((h, i) => (recognize(h, headers) ? -1 : i)).filter((i) => i >= 0));
  const explicit = new Set<number>();
  const explicitEmails: number[] = [];
  for (const entry of opts.map ?? []) {
    const eq = entry.lastIndexOf('=');
    if (eq <= 0) throw new UsageError(`--map expects 'COLUMN=FIELD', got '${entry}'`);
    const i = findHeader(headers, entry.slice(0, eq), '--map');
    columns[i] = { index: i, header: headers[i]!, role: parseTarget(entry.slice(eq + 1)), how: 'map' };
    explicit.add(i);
    if (columns[i]!.role.kind === 'email') explicitEmails.push(i);
  }
  for (const name of opts.propertiesFrom ?? []) {
    if (name.trim() === '*') {
      for (const i of unrecognised) {
        if (explicit.has(i) || headers[i]!.toLowerCase() === ERROR_COLUMN || !headers[i]) continue;
        columns[i] = { index: i, header: headers[i]!, role: { kind: 'property', key: propertyKey(headers[i]!) }, how: 'properties' };
      }
      continue;
    }
    const i = findHeader(headers, name, '--properties-from');
    if (explicit.has(i)) throw new UsageError(`--properties-from: column '${headers[i]}' is already mapped with --map`);
    columns[i] = { index: i, header: headers[i]!, role: { kind: 'property', key: propertyKey(headers[i]!) }, how: 'properties' };
  }
  // Companion type columns ('E-mail 1 - Type') give the type of their value column.
  for (const c of columns) {
    if (c.role.kind !== 'typeOf') continue;
    const of = c.role.of;
    const value = columns.find((v) => (v.role.kind === 'email' || v.role.kind === 'phone') && v.how === 'auto' && normalizeHeader(v.header).startsWith(`${of} `));
    if (value && (value.role.kind === 'email' || value.role.kind === 'phone')) value.role = { ...value.role, typeCol: c.index };
  }

  const emailCols = [...explicitEmails, ...columns.filter((c) => c.role.kind === 'email' && !explicitEmails.includes(c.index)).map((c) => c.index)];
  if (!emailCols.length && opts.sample?.length) {
    // Headers in any language ('E-Mail-Adresse', 'メール'): the column the addresses are in.
    const byContent = columns.find((c) => {
      if (explicit.has(c.index) || c.role.kind !== 'ignore' || c.how !== 'auto') return false;
      const cells = opts.sample!.map((r) => (r[c.index] ?? '').trim()).filter(Boolean);
      return cells.length > 0 && cells.every((v) => isEmail(cleanEmail(v)));
    });
    if (byContent) {
      byContent.role = { kind: 'email' };
      emailCols.push(byContent.index);
    }
  }
  if (!emailCols.length) {
    throw new UsageError(`${opts.where ? `${opts.where}: ` : ''}no column holds e-mail addresses (columns: ${headers.map((h) => `'${h}'`).join(', ')})`, "name it with --map 'COLUMN=email'");
  }
  const tags = [
    ...new Set(
      (opts.tags ?? [])
        .flatMap((t) => t.split(','))
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  const mapping: Mapping = { headers, columns, tags, row: compile(headers, columns, emailCols, tags) };
  return mapping;
}

function compile(headers: string[], columns: ColumnMap[], emailCols: number[], extraTags: string[]): (cells: string[]) => RowResult {
  const one = (kind: Role['kind']) => columns.filter((c) => c.role.kind === kind).map((c) => c.index);
  const emails = emailCols.map((i) => {
    const r = columns[i]!.role as Extract<Role, { kind: 'email' }>;
    return { col: i, type: r.type, typeCol: r.typeCol };
  });
  const phones = columns
    .filter((c) => c.role.kind === 'phone')
    .map((c) => {
      const r = c.role as Extract<Role, { kind: 'phone' }>;
      return { col: c.index, type: r.type, typeCol: r.typeCol };
    });
  const [name, first, middle, last, preferred, company, title, timezone] = (['name', 'firstName', 'middleName', 'lastName', 'preferredName', 'company', 'title', 'timezone'] as const).map((k) =>
    one(k),
  );
  const tagCols = one('tags');
  const props = columns.filter((c) => c.role.kind === 'property').map((c) => ({ col: c.index, key: (c.role as { key: string }).key }));
  const width = headers.length;
  const cell = (cells: string[], i: number) => (cells[i] ?? '').trim();
  const firstOf = (cells: string[], cols: number[]) => {
    for (const i of cols) {
      const v = cell(cells, i);
      if (v) return v;
    }
    return '';
  };

  // Runs for every row of a file: no pattern, Set or array unless a cell needs one (a list of
  // addresses, tags or numbers); the result is the same as splitting every cell.
  return (cells) => {
    let blank = true;
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i]!;
      if (c.length && c.trim() !== '') {
        blank = false;
        break;
      }
    }
    if (blank) return { kind: 'blank' };

    let email = '';
    let emailType: EmailType | undefined;
    // Only when the row has a second distinct address.
    let addresses: Array<{ address: string; type?: EmailType }> | undefined;
    let seen: Set<string> | undefined;
    for (const e of emails) {
      const raw = cell(cells, e.col);
      if (!raw) continue;
      const type = e.typeCol !== undefined ? emailTypeOf(cell(cells, e.typeCol)) : e.type;
      const parts = isList(raw) ? raw.split(LIST_SPLIT) : undefined;
      const count = parts ? parts.length : 1;
      for (let k = 0; k < count; k++) {
        const address = cleanEmail(parts ? parts[k]! : raw);
        if (!address) continue;
        if (!isEmail(address)) return { kind: 'invalid', email: address, error: `'${address}' in column '${headers[e.col]}' is not a valid e-mail address` };
        if (!email) {
          email = address;
          emailType = type;
          continue;
        }
        seen ??= new Set([email.toLowerCase()]);
        const key = address.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        addresses ??= [emailType ? { address: email, type: emailType } : { address: email }];
        addresses.push(type ? { address, type } : { address });
      }
    }
    if (!email) return { kind: 'invalid', email: '', error: `no e-mail address (column${emails.length > 1 ? 's' : ''} ${emails.map((e) => `'${headers[e.col]}'`).join(', ')})` };
    if (cells.length > width) {
      for (let i = width; i < cells.length; i++) {
        if (cells[i]!.trim() !== '') return { kind: 'invalid', email, error: `the row has ${cells.length} fields but the header has ${width} (an unquoted delimiter inside a value?)` };
      }
    }

    const contact: ImportContact = { email };
    if (addresses) contact.emails = addresses.map((a, i) => ({ ...a, primary: i === 0 }));
    else if (emailType) contact.emails = [{ address: email, type: emailType, primary: true }];
    let full = firstOf(cells, name);
    if (!full) {
      full = firstOf(cells, first);
      const m = firstOf(cells, middle);
      if (m) full = full ? `${full} ${m}` : m;
      const l = firstOf(cells, last);
      if (l) full = full ? `${full} ${l}` : l;
    }
    if (full) contact.name = full;
    const pref = firstOf(cells, preferred);
    if (pref) contact.preferredName = pref;
    const co = firstOf(cells, company);
    if (co) contact.company = co;
    const ti = firstOf(cells, title);
    if (ti) contact.title = ti;
    const tz = firstOf(cells, timezone);
    if (tz) {
      if (!isTimeZone(tz)) return { kind: 'invalid', email, error: `'${tz}' in column '${headers[timezone.find((i) => cell(cells, i))!]}' is not an IANA time zone (such as Europe/Paris)` };
      contact.timezone = tz;
    }

    let phone = '';
    let phoneType: PhoneType | undefined;
    // Only when the row has a second distinct number.
    let numbers: Array<{ number: string; type?: PhoneType }> | undefined;
    for (const p of phones) {
      const raw = cell(cells, p.col);
      if (!raw) continue;
      const type = p.typeCol !== undefined ? phoneTypeOf(cell(cells, p.typeCol)) : p.type;
      const parts = raw.includes(':::') ? raw.split(MULTI_SPLIT) : undefined;
      const count = parts ? parts.length : 1;
      for (let k = 0; k < count; k++) {
        const number = parts ? parts[k]!.trim() : raw;
        if (!number) continue;
        if (!phone) {
          phone = number;
          phoneType = type;
        } else if (numbers ? !numbers.some((n) => n.number === number) : number !== phone) {
          numbers ??= [phoneType ? { number: phone, type: phoneType } : { number: phone }];
          numbers.push(type ? { number, type } : { number });
        }
      }
    }
    if (numbers) contact.phones = numbers.map((n, i) => ({ ...n, primary: i === 0 }));
    else if (phoneType) contact.phones = [{ number: phone, type: phoneType, primary: true }];
    else if (phone) contact.phone = phone;

    if (tagCols.length || extraTags.length) {
      const tags: string[] = [];
      for (const i of tagCols) {
        const raw = cell(cells, i);
        if (!raw) continue;
        const parts = isList(raw) ? raw.split(LIST_SPLIT) : undefined;
        const count = parts ? parts.length : 1;
        for (let k = 0; k < count; k++) {
          const t = parts ? parts[k]! : raw;
          // Google's system groups ('* myContacts', '* starred') are not the user's labels.
          if (t && !t.startsWith('*') && !tags.includes(t)) tags.push(t);
        }
      }
      for (const t of extraTags) if (!tags.includes(t)) tags.push(t);
      if (tags.length) contact.tags = tags;
    }
    if (props.length) {
      let properties: Record<string, string> | undefined;
      for (const p of props) {
        const v = cell(cells, p.col);
        if (v) (properties ??= {})[p.key] = v;
      }
      if (properties) contact.properties = properties;
    }
    return { kind: 'ok', email, contact };
  };
}
