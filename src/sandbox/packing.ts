// Compact records for the collections that grow to millions (contacts). A record held as a plain
// object costs about 1.5 KB in V8 (some 35 fields, each nested object and array with its own
// header, the empty {} and [] defaults included); a million of them do not fit the sandbox's
// memory budget. A packed collection keeps each record as one JSON text instead, holding only
// what differs from the collection's template, by field position: `[2,"usr_admin",5,"a@b.c"]`.
// That is about a third of the size. A read unpacks a fresh object with every field, in the
// order the record had, so what handlers and answers see is unchanged.
//
// Text that recurs in every record (`{"address":"`, `"imported"`) can be given as fragments:
// each is written as one control character, which JSON text never holds unescaped, so the
// replacement is undone exactly before parsing.
//
// Only a record whose keys are exactly the template's, in the template's order, is packed by
// position; any other (a field added by an update, a different order) is kept as its full JSON,
// so that unpacking always gives back the record as it was (as JSON would: undefined values
// are not kept, as they never were in a data file).
// The store's record type, written out here: store.ts imports this module, not the reverse.
type Rec = Record<string, any>;

/** A field's default: a primitive value, or (kind) an empty object or array, fresh on each read. */
type Default = { value: unknown; kind?: 'object' | 'array' };

export class Packing {
  private readonly keys: string[];
  private readonly defaults: Array<Default | undefined>;
  private readonly createdAt: number;
  private readonly updatedAt: number;
  private readonly fragments: string[];
  /** Every field at its default (null where there is none, or it is an object or array). */
  private blank: Rec = {};
  /** The fields whose default is an empty object or array (a fresh one on each read). */
  private readonly fresh: number[] = [];
  /** Scratch: which fields the record being unpacked holds. */
  private readonly seen: Uint8Array;
  private readonly tokenOf = new Map<string, string>();

  /**
   * `template`: the record's fields in order, starting with `id`, each with its default value
   * (undefined: no default, always stored). Defaults that are objects or arrays must be empty.
   */
  constructor(template: Record<string, unknown>, fragments: string[] = []) {
    // Tokens are \u0001 to \u001f (at most 31 fragments); the longest fragment is tried first.
    if (fragments.length > 31) throw new Error('at most 31 packing fragments');
    this.fragments = ['', ...fragments];
    for (const [i, f] of fragments.entries()) if (!f || TOKEN.test(f)) throw new Error(`bad packing fragment ${i}`);
    const longestFirst = [...fragments.keys()].sort((a, b) => fragments[b]!.length - fragments[a]!.length);
    for (const i of longestFirst) this.tokenOf.set(fragments[i]!, String.fromCharCode(i + 1));
    this.keys = Object.keys(template);
    if (this.keys[0] !== 'id') throw new Error('a packed template starts with id');
    this.defaults = this.keys.map((k) => {
      const v = template[k];
      if (v === undefined) return undefined;
      if (Array.isArray(v)) {
        if (v.length) throw new Error(`packed default of ${k} must be empty`);
        return { value: undefined, kind: 'array' } as Default;
      }
      if (v !== null && typeof v === 'object') {
        if (Object.keys(v).length) throw new Error(`packed default of ${k} must be empty`);
        return { value: undefined, kind: 'object' } as Default;
      }
      return { value: v };
    });
    this.keys.forEach((k, i) => {
      const d = this.defaults[i];
      this.blank[k] = d && !d.kind ? d.value : null;
      if (d?.kind) this.fresh.push(i);
    });
    // Made again by JSON.parse, which gives an object with its fields inside it: copying that one
    // is a block copy (a quarter of a microsecond), where copying the object built field by field
    // above takes the slow path (some 40 microseconds).
    this.blank = JSON.parse(JSON.stringify(this.blank));
    this.seen = new Uint8Array(this.keys.length);
    // An update stamps updatedAt; until then it equals createdAt, and is not stored twice.
    this.createdAt = this.keys.indexOf('createdAt');
    this.updatedAt = this.keys.indexOf('updatedAt');
  }

  pack(rec: Rec): string {
    let text = oneByte(this.packed(rec));
    // One native search per fragment, longest first: faster than one alternation of them all.
    for (const [f, token] of this.tokenOf) text = text.replaceAll(f, token);
    return text;
  }

  private packed(rec: Rec): string {
    const keys = this.keys;
    let i = 0;
    for (const k in rec) {
      if (k !== keys[i]) return JSON.stringify(rec);
      i++;
    }
    if (i !== keys.length) return JSON.stringify(rec);
    const out: unknown[] = [];
    for (i = 1; i < keys.length; i++) {
      const v = rec[keys[i]!];
      if (v === undefined) return JSON.stringify(rec);
      if (i === this.updatedAt && this.createdAt >= 0 && v === rec.createdAt) continue;
      const d = this.defaults[i];
      if (d && isDefault(v, d)) continue;
      out.push(i, v);
    }
    return JSON.stringify(out);
  }

  unpack(id: string, packed: string): Rec {
    const text = this.tokenOf.size ? packed.replace(TOKENS, (t) => this.fragments[t.charCodeAt(0)]!) : packed;
    const v = JSON.parse(text);
    if (!Array.isArray(v)) return v as Rec;
    const keys = this.keys;
    // A copy of the blank record (every field, in order, at its default) has its final shape from
    // the start: filling it in changes no object layout, where adding 35 fields one by one would.
    const rec: Rec = { ...this.blank };
    rec.id = id;
    const seen = this.seen;
    for (let j = 0; j < v.length; j += 2) {
      rec[keys[v[j]]!] = v[j + 1];
      seen[v[j]] = 1;
    }
    for (const i of this.fresh) if (!seen[i]) rec[keys[i]!] = this.defaults[i]!.kind === 'array' ? [] : {};
    if (this.updatedAt >= 0 && !seen[this.updatedAt]) rec[keys[this.updatedAt]!] = rec.createdAt;
    for (let j = 0; j < v.length; j += 2) seen[v[j]] = 0;
    return rec;
  }
}

// Tokens: the control characters \u0001 to \u001f, which JSON text never holds unescaped.
const TOKEN = /[\u0001-\u001f]/;
const TOKENS = /[\u0001-\u001f]/g;
const NOT_ASCII = /[\u0080-\uffff]/;
const NOT_ASCII_ALL = /[\u0080-\uffff]/g;

/**
 * The text with every character past ASCII written as a JSON escape (\u00fc): V8 then keeps it
 * at one byte a character, where one 'ü' would make the whole string two bytes a character.
 */
function oneByte(text: string): string {
  if (!NOT_ASCII.test(text)) return text;
  return text.replace(NOT_ASCII_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function isDefault(v: unknown, d: Default): boolean {
  if (d.kind === 'array') return Array.isArray(v) && v.length === 0;
  if (d.kind === 'object') {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
    for (const _ in v) return false;
    return true;
  }
  return v === d.value;
}
