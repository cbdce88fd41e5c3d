// Pseudonyms for a clone (`agnt sandbox clone --pseudonymize`): e-mail addresses, people's names,
// phone numbers and free text are replaced by values derived with HMAC-SHA256 under a key of the
// clone's own. The same input always gives the same replacement (an e-mail named in a member, a
// team, a backup rule and a supervision rule becomes one address), so a script keyed on e-mail
// still finds its rows through the mapping file written beside the clone (0600, never sent).
// A mapping file given again keeps its key: a new clone gives the same pseudonyms.
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../core/atomic-file.ts';
import { UsageError } from '../../core/errors.ts';

type Rec = Record<string, any>;
export type PseudonymKind = 'emails' | 'names' | 'phones' | 'text';

const EMAIL = /^[^@\s]+@([^@\s]+)$/;

export class Pseudonyms {
  readonly map: Record<PseudonymKind, Record<string, string>> = { emails: {}, names: {}, phones: {}, text: {} };
  private constructor(private readonly key: Buffer) {}

  /** The key of the mapping file when it exists (the same pseudonyms again), else a new one. */
  static open(file: string): Pseudonyms {
    let text: string | undefined;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e: any) {
      if (e.code !== 'ENOENT') throw new UsageError(`cannot read the mapping file ${file}: ${e.message}`);
    }
    if (text === undefined) return new Pseudonyms(randomBytes(32));
    let data: any;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (data?.kind !== 'CloneMapping' || typeof data.key !== 'string' || !/^[0-9a-f]{64}$/.test(data.key))
      throw new UsageError(`${file} is not a clone mapping file (agnt sandbox clone --pseudonymize writes one)`, 'give another --mapping file, or remove this one');
    return new Pseudonyms(Buffer.from(data.key, 'hex'));
  }

  private digest(kind: PseudonymKind, value: string): string {
    return createHmac('sha256', this.key).update(`${kind}\u0000${value}`).digest('hex');
  }

  private remember(kind: PseudonymKind, from: string, to: string): string {
    this.map[kind][from] = to;
    return to;
  }

  /** user-<10 hex>@ the same domain (domains are the organization's settings, not a person's). */
  email(value: string): string {
    const v = value.toLowerCase();
    const m = EMAIL.exec(v);
    if (!m) return this.text(value);
    return this.map.emails[v] ?? this.remember('emails', v, `user-${this.digest('emails', v).slice(0, 10)}@${m[1]}`);
  }

  name(value: string): string {
    return this.map.names[value] ?? this.remember('names', value, `Person ${this.digest('names', value).slice(0, 8)}`);
  }

  /** +1 555 and seven digits: a number that reaches nobody. */
  phone(value: string): string {
    const digits = BigInt(`0x${this.digest('phones', value).slice(0, 12)}`) % 10_000_000n;
    return this.map.phones[value] ?? this.remember('phones', value, `+1555${digits.toString().padStart(7, '0')}`);
  }

  text(value: string): string {
    if (value === '') return value;
    return this.map.text[value] ?? this.remember('text', value, `text-${this.digest('text', value).slice(0, 12)}`);
  }

  /** Writes the mapping (and its key) beside the clone, readable by its owner only. */
  save(file: string, about: Rec): void {
    const body = { apiVersion: 'agnt/v1', kind: 'CloneMapping', ...about, key: this.key.toString('hex'), ...this.map };
    writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  }
}

// Free text of the profiles (what people wrote); dates, URLs and enumerations are kept.
const FREE_TEXT = new Set([
  'mission',
  'tagline',
  'commsStyle',
  'brandVoice',
  'targetCustomers',
  'meetingNorms',
  'confidentialityNotes',
  'stage',
  'values',
  'leadership',
  'keyProducts',
  'internalTools',
  'holidays',
  'currentGoals',
  'kpis',
  'location',
]);

const mapStrings = (v: unknown, f: (s: string) => string): unknown =>
  typeof v === 'string' ? f(v) : Array.isArray(v) ? v.map((x) => mapStrings(x, f)) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)])) : v;

/**
 * A copy of an organization document with every e-mail address (wherever it is: members, teams,
 * invitations, rules, supervision matches, the default assistant) and the profiles' free text
 * replaced. Names of teams and domains are the organization's structure, and are kept.
 */
export function pseudonymizeDocument<T>(doc: T, p: Pseudonyms): T {
  const walk = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') return EMAIL.test(v) ? p.email(v) : FREE_TEXT.has(key) ? p.text(v) : v;
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => {
          // A ritual's name and a team profile's free lists are text; a team's own name is not.
          if (key === 'rituals' && k === 'name') return [k, typeof x === 'string' ? p.text(x) : x];
          if (FREE_TEXT.has(k)) return [k, mapStrings(x, (s) => (EMAIL.test(s) ? p.email(s) : p.text(s)))];
          return [k, walk(x, k)];
        }),
      );
    }
    return v;
  };
  return walk(doc, '') as T;
}
