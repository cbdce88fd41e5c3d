// Every write endpoint's inverse, derived from the API model: what `agnt undo` sends to take a
// write back, or why nothing can. The model's ids name a resource and a verb
// ('contacts.relationships.create'); the endpoints of one resource pair up:
//   update (PUT, PATCH)  -> the same endpoint, sent the fields it changed with their values before
//                          (read first: the GET of the same path, or the resource's `get`; a
//                          write to a sub-path such as .../matrix/reset goes back through the
//                          resource's own update);
//   create (POST ...create|add|upload) -> the resource's DELETE (or `revoke`), of the id the answer gave;
//   delete (DELETE)      -> the resource's create, sent the record as it was read before, less
//                          what cannot come back (its id, secrets);
//   any other POST       -> an action: none (an e-mail sent, a job started).
// docs/inverses.md is generated from this (scripts/inverse-table.ts) and a test keeps it current.
import { isSecretKey } from '../core/redact.ts';
import type { Endpoint } from './endpoint.ts';
import type { Shape } from './shape.ts';

export type WriteKind = 'create' | 'update' | 'delete' | 'action';

/** How the record a write changes is read before it (the change journal does). */
export interface Reader {
  endpoint: Endpoint;
  /** A list: the record is the one whose `key` (or id) is the path's last parameter. */
  key?: string;
  /**
   * The record sits inside what `endpoint` reads: each step a field, or a path parameter naming
   * the item of a list (by its id, or by the field the parameter is named after).
   */
  pick?: Array<{ field: string } | { fields: string[] } | { param: string }>;
}

export type Inverse =
  /** Send `via` the fields the write changed, with their values before; `lost` says what does not come back. */
  | { kind: 'restore'; via: Endpoint; lost?: string[] }
  /** Delete what the create made: `param` (the id the answer gave) fills the delete's extra parameter. */
  | { kind: 'remove'; via: Endpoint; param?: { name: string; from: string[] }; lost?: string[]; finder?: Endpoint }
  /** Create the record again from its value before; `lost` says what does not come back. */
  | { kind: 'recreate'; via: Endpoint; fields: string[]; lost: string[]; restoreAfter?: { via: Endpoint; fields: string[] }; refuses?: string };

export interface InverseRow {
  endpoint: Endpoint;
  kind: WriteKind;
  reader?: Reader;
  inverse?: Inverse;
  /** Why it has no inverse. */
  reason?: string;
}

/** 'workflow-proposals' as a field name: 'workflowProposals'. */
const camel = (segment: string): string => segment.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The shape a value of `shape` has, past null and oneOf (the first object or array in it). */
function solid(shape: Shape | undefined): Shape | undefined {
  if (shape?.kind !== 'oneOf') return shape;
  return shape.of.find((s) => s.kind === 'object' || s.kind === 'array') ?? shape;
}

/**
 * How to find the record of a write to `path` inside what a GET of an ancestor path answers
 * (a relationship inside its contact, a finding inside its onboarding session), from the shapes
 * in the model: each literal segment a field, each parameter an item of a list. A last literal
 * segment that is no field (a verb: .../move) is the record itself when it holds the body's fields.
 */
function pickFrom(result: Shape | undefined, rest: string[], body: string[]): Reader['pick'] | undefined {
  const pick: NonNullable<Reader['pick']> = [];
  let at = solid(result);
  for (let i = 0; i < rest.length; i++) {
    const seg = rest[i]!;
    const param = /^\{(\w+)\}$/.exec(seg)?.[1];
    if (param) {
      if (at?.kind !== 'array') return undefined;
      pick.push({ param });
      at = solid(at.items);
      continue;
    }
    const field = camel(seg);
    if (at?.kind === 'object' && field in at.fields) {
      pick.push({ field });
      at = solid(at.fields[field]);
      continue;
    }
    // One object down (a session's briefing holds its findings).
    const holder =
      at?.kind === 'object'
        ? Object.entries(at.fields).find(([, f]) => {
            const o = solid(f);
            return o?.kind === 'object' && field in o.fields;
          })
        : undefined;
    if (holder) {
      pick.push({ field: holder[0] }, { field });
      at = solid((solid(holder[1]) as { fields: Record<string, Shape> }).fields[field]);
      continue;
    }
    // Lists the segment names from each side (a contact's outgoingRelationships and incomingRelationships): the item is in one of them.
    const suffix = field.charAt(0).toUpperCase() + field.slice(1);
    const sides = at?.kind === 'object' ? Object.entries(at.fields).filter(([k, f]) => k.endsWith(suffix) && solid(f)?.kind === 'array') : [];
    if (sides.length) {
      pick.push({ fields: sides.map(([k]) => k) });
      at = solid(sides[0]![1]);
      continue;
    }
    const last = i === rest.length - 1;
    if (last && at?.kind === 'object' && body.length && body.every((f) => f in (at as { fields: object }).fields)) return pick;
    return undefined;
  }
  return pick;
}

const CREATE_VERBS = new Set(['create', 'add', 'upload']);
const REMOVE_VERBS = new Set(['revoke']);

// What the model cannot say by itself: why an action or a write cannot be taken back.
const REASONS: Readonly<Record<string, string>> = {
  'contacts.bulk-import': 'the answer counts the rows created and updated but names no ids',
  'contacts.bulk-tag': 'the answer does not say which contacts already had the tag',
  'contacts.merge': 'the merged contact is gone and its relationships moved',
  'orgs.scim-token.rotate': 'the old SCIM token is invalid once rotated',
  'onboarding.finalize': 'a finalized onboarding session cannot be reopened',
};

// What writing back the fields an update changed cannot take back.
const LOST_ON_RESTORE: Readonly<Record<string, string>> = {
  'orgs.sso.set': 'a setting that held a secret before (a clientSecret inside saml): the journal never keeps it, so that setting is refused and named',
};

// Which deletes undo refuses to create again (src/workflows/undo.ts tells them apart).
const REFUSED_ON_RECREATE: Readonly<Record<string, string>> = {
  'contacts.relationships.delete': 'one removed through the contact it points at (an incoming one) is refused: create it again from the other contact',
};

// What deleting a created record cannot take back.
const LOST_ON_REMOVE: Readonly<Record<string, string>> = {
  'invitations.create': 'the invitation e-mail already sent (the invitation is revoked)',
};

/** The resource part of an id ('contacts.relationships' of 'contacts.relationships.create') and its verb. */
function parts(id: string): { resource: string; verb: string } {
  const i = id.lastIndexOf('.');
  return { resource: id.slice(0, i), verb: id.slice(i + 1) };
}

export function kindOf(e: Endpoint): WriteKind | undefined {
  if (e.method === 'GET') return undefined;
  if (e.method === 'DELETE') return 'delete';
  if (e.method === 'PUT' || e.method === 'PATCH') return 'update';
  return CREATE_VERBS.has(parts(e.id).verb) ? 'create' : 'action';
}

const parentOf = (path: string): string => path.slice(0, path.lastIndexOf('/'));
const lastParam = (path: string): string | undefined => /\/\{(\w+)\}$/.exec(path)?.[1];

/** The field names of an object shape (a body), when it is one. */
function fieldsOf(shape: Shape | undefined): string[] {
  return shape?.kind === 'object' ? Object.keys(shape.fields) : [];
}

function secretFields(shape: Shape | undefined): string[] {
  return shape?.kind === 'object'
    ? Object.entries(shape.fields)
        .filter(([k, s]) => isSecretKey(k) || (s as { secret?: boolean }).secret)
        .map(([k]) => k)
    : [];
}

/** Derives every write endpoint's inverse from the whole model. */
export function deriveInverses(all: readonly Endpoint[]): InverseRow[] {
  const byPath = (method: string, path: string) => all.find((e) => e.method === method && e.path === path);
  const ofResource = (resource: string) => all.filter((e) => parts(e.id).resource === resource);

  /**
   * What reads the record at `path`: the GET of that path, the one in a list at its parent, or
   * the record inside what the nearest readable ancestor answers.
   */
  const readerAt = (path: string, body: string[] = []): Reader | undefined => {
    const get = byPath('GET', path);
    if (get && !get.paging) return { endpoint: get };
    const param = lastParam(path);
    const list = param ? byPath('GET', parentOf(path)) : undefined;
    if (list && param) return { endpoint: list, key: param };
    const segments = path.split('/');
    for (let cut = segments.length - 1; cut > 1; cut--) {
      const prefix = segments.slice(0, cut).join('/');
      const above = byPath('GET', prefix);
      const rest = segments.slice(cut);
      // A list whose items the remaining parameters name (/property-definitions/{entityType}/{key}).
      if (above?.paging) {
        if (rest.every((r) => /^\{\w+\}$/.test(r))) return { endpoint: above, pick: [{ param: rest.map((r) => r.slice(1, -1)).join(',') }] };
        continue;
      }
      if (above) {
        const pick = pickFrom(above.result, rest, body);
        return pick ? { endpoint: above, pick } : undefined;
      }
      // A sibling that answers the record among its fields (the matrix holds its exceptions).
      const sibling = all.find((x) => x.method === 'GET' && !x.paging && parentOf(x.path) === prefix && rest.length > 0 && pickFrom(x.result, rest, body));
      if (sibling) return { endpoint: sibling, pick: pickFrom(sibling.result, rest, body) };
    }
    return undefined;
  };

  const rows: InverseRow[] = [];
  for (const e of all) {
    const kind = kindOf(e);
    if (!kind) continue;
    const { resource } = parts(e.id);
    const row: InverseRow = { endpoint: e, kind };
    rows.push(row);
    const known = REASONS[e.id];
    if (known) {
      row.reason = known;
      continue;
    }
    if (kind === 'action') {
      row.reason = `an action (${parts(e.id).verb}): the API has no request that takes it back`;
      continue;
    }
    if (kind === 'update') {
      let reader = readerAt(e.path, fieldsOf(e.body));
      let via: Endpoint | undefined = e;
      if (!e.body) {
        // A write without a body to a sub-path (.../matrix/reset): the record is its parent's, put back through the parent's update.
        const parent = parentOf(e.path);
        reader = readerAt(parent);
        via = all.find((x) => (x.method === 'PATCH' || x.method === 'PUT') && x.path === parent);
      }
      if (!reader) row.reason = 'no endpoint reads what it changes, so its values before are not known';
      else if (!via) row.reason = 'no endpoint writes the record back';
      else {
        row.reader = reader;
        row.inverse = { kind: 'restore', via, ...(LOST_ON_RESTORE[e.id] ? { lost: [LOST_ON_RESTORE[e.id]!] } : {}) };
      }
      continue;
    }
    if (kind === 'create') {
      const removers = ofResource(resource).filter((x) => x.method === 'DELETE' || (x.method === 'POST' && REMOVE_VERBS.has(parts(x.id).verb)));
      const extraOf = (x: Endpoint) => Object.keys(x.params).filter((p) => !(p in e.params));
      const remover =
        removers.find((x) => parentOf(x.path) === e.path && lastParam(x.path)) ??
        removers.find((x) => x.path === e.path) ??
        removers.find((x) => extraOf(x).length === 1 && lastParam(x.path) === extraOf(x)[0]) ??
        removers.find((x) => extraOf(x).length === 1);
      if (!remover) {
        row.reason = 'the API has no request that deletes what it creates';
        continue;
      }
      const extra = extraOf(remover);
      if (extra.length > 1) {
        row.reason = `deleting it takes ${extra.join(', ')}, which the answer does not give`;
        continue;
      }
      row.inverse = {
        kind: 'remove',
        via: remover,
        ...(extra.length ? { param: { name: extra[0]!, from: [extra[0]!, 'id'] } } : {}),
        ...(LOST_ON_REMOVE[e.id] ? { lost: [LOST_ON_REMOVE[e.id]!] } : {}),
        // The list at the create's own path finds what a create left in flight made (by the fields it sent).
        ...(byPath('GET', e.path)?.paging ? { finder: byPath('GET', e.path)! } : {}),
      };
      continue;
    }
    // delete
    // The create of the same resource whose parameters the delete's path gives.
    // A delete of many at once (no id at the end) comes back only where the create is of that same path (a user's assistant).
    const creator = ofResource(resource).find(
      (x) => x.method === 'POST' && CREATE_VERBS.has(parts(x.id).verb) && Object.keys(x.params).every((p) => p in e.params) && (lastParam(e.path) !== undefined || x.path === e.path),
    );
    const reader = readerAt(e.path);
    // A setting turned off (DELETE /organizations/{orgId}/sso keeps its settings): the fields it
    // changed go back through the PUT of the same path, as after a write without a body.
    const setter = !lastParam(e.path) ? ofResource(resource).find((x) => x.method === 'PUT' && x.path === e.path) : undefined;
    if (!creator && setter && reader) {
      row.reader = reader;
      row.inverse = { kind: 'restore', via: setter };
      continue;
    }
    if (!creator || creator.id.endsWith('.upload')) {
      row.reason = creator ? 'the content cannot be uploaded again from the journal' : lastParam(e.path) ? 'the API has no request that creates it again' : 'it removes many records at once';
      continue;
    }
    if (!reader) {
      row.reason = 'no endpoint reads what it deletes, so it cannot be created again';
      continue;
    }
    const fields = fieldsOf(creator.body);
    const secrets = secretFields(creator.body);
    // A create that takes the id (POST /teams {id}) brings the record back under it.
    const lost = [...(lastParam(e.path) && creator.path !== e.path && !fields.includes('id') ? ['its id (the new record has a new one)'] : []), ...secrets.map((s) => `${s} (a secret)`)];
    row.reader = reader;
    // What the create does not take (a team's branding) is put back by the record's update, after it.
    const updater = ofResource(resource).find((x) => (x.method === 'PUT' || x.method === 'PATCH') && x.path === e.path);
    const more = fieldsOf(updater?.body).filter((f) => !fields.includes(f) && !secretFields(updater?.body).includes(f));
    row.inverse = {
      kind: 'recreate',
      via: creator,
      fields: fields.filter((f) => !secrets.includes(f)),
      lost,
      ...(REFUSED_ON_RECREATE[e.id] ? { refuses: REFUSED_ON_RECREATE[e.id]! } : {}),
      ...(updater && more.length ? { restoreAfter: { via: updater, fields: more } } : {}),
    };
  }
  return rows;
}

/** The share of the model's creates, updates and deletes that have an inverse (0..1). */
export function invertibleShare(rows: readonly InverseRow[]): { invertible: number; total: number } {
  const writes = rows.filter((r) => r.kind !== 'action');
  return { invertible: writes.filter((r) => r.inverse).length, total: writes.length };
}

let cached: Promise<Map<string, InverseRow>> | undefined;

/** The inverse rows of the whole model, by endpoint id (loads every area, once). */
export function inverses(): Promise<Map<string, InverseRow>> {
  cached ??= import('./index.ts').then(async ({ loadAll }) => {
    const all = (await loadAll()).flatMap((a) => a.endpoints);
    return new Map(deriveInverses(all).map((r) => [r.endpoint.id, r]));
  });
  return cached;
}

const KIND_WORDS: Readonly<Record<Inverse['kind'], string>> = { restore: 'writes back the fields it changed', remove: 'deletes what it created', recreate: 'creates the record again' };

/** The table of docs/inverses.md: each write endpoint, its inverse or why it has none. */
export function inverseTable(all: readonly Endpoint[]): string {
  const rows = deriveInverses(all);
  const { invertible, total } = invertibleShare(rows);
  const cell = (s: string) => s.replaceAll('|', '\\|');
  const lines = [
    '<!-- Generated by scripts/build.mjs (src/api/inverse.ts) from the API model. Do not edit: `npm run build` writes it again. -->',
    '# What `agnt undo` sends for each write',
    '',
    'Derived from the API model (src/api/inverse.ts): an update is undone by writing back the fields it changed, read',
    'before the write; a create by deleting what it created; a delete by creating the record again from its value',
    'before. Actions (an e-mail sent, a job started) have none. See [changes.md](changes.md).',
    '',
    `${invertible} of the model's ${total} creates, updates and deletes can be undone (${Math.floor((invertible / total) * 100)}%).`,
    '',
    '| Endpoint | Kind | Undone by | Read before with | Cannot come back / why not |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const e = r.endpoint;
    const read = r.reader ? `\`${r.reader.endpoint.method} ${r.reader.endpoint.path}\`${r.reader.key || r.reader.pick ? ' (the record inside)' : ''}` : '';
    const inv = r.inverse;
    const via = inv ? `\`${inv.via.method} ${inv.via.path}\` (${KIND_WORDS[inv.kind]})` : 'none';
    const note = inv ? [...(('lost' in inv && inv.lost) || []), ...('refuses' in inv && inv.refuses ? [inv.refuses] : [])].join('; ') : (r.reason ?? '');
    lines.push(`| \`${e.method} ${e.path}\` (${e.id}) | ${r.kind} | ${cell(via)} | ${cell(read)} | ${cell(note)} |`);
  }
  return `${lines.join('\n')}\n`;
}
