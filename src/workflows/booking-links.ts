// Booking-link invitees: from flags or a CSV of name,email, optionally sent right away.
import { readFileSync } from 'node:fs';
import type { Handler } from '../core/spec.ts';
import { callEndpoint, requestFor } from '../core/endpoint-request.ts';
import { UsageError } from '../core/errors.ts';
import { eachId } from './bulk.ts';
import { table } from '../render/render.ts';

type Rec = Record<string, any>;

export function parsePerson(text: string, where: string): { name: string; email: string } {
  const s = text.trim();
  const angle = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(s);
  if (angle) return { name: angle[1]!.replace(/^"|"$/g, '').trim() || angle[2]!, email: angle[2]! };
  const comma = s.lastIndexOf(',');
  if (comma > 0 && /@/.test(s.slice(comma + 1))) return { name: s.slice(0, comma).trim(), email: s.slice(comma + 1).trim() };
  if (/^[^@\s,]+@[^@\s,]+$/.test(s)) return { name: s, email: s };
  throw new UsageError(`${where}: '${text}' is not 'Name <email>' or 'Name,email'`);
}

async function fromCsv(text: string, where: string): Promise<Array<{ name: string; email: string }>> {
  const { parse } = await import('csv-parse/sync');
  let rows: string[][];
  try {
    rows = parse(text, { skip_empty_lines: true, trim: true, comment: '#', relax_column_count: true }) as string[][];
  } catch (e) {
    throw new UsageError(`${where}: invalid CSV: ${(e as Error).message}`);
  }
  let [nameCol, emailCol] = [0, 1];
  if (rows[0]?.some((c) => /^e-?mail$/i.test(c))) {
    emailCol = rows[0].findIndex((c) => /^e-?mail$/i.test(c));
    nameCol = rows[0].findIndex((c) => /^name$/i.test(c));
    rows = rows.slice(1);
  }
  return rows.map((r, i) => {
    const email = r[emailCol]?.trim() ?? '';
    const name = (nameCol >= 0 ? r[nameCol]?.trim() : '') || email;
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new UsageError(`${where}:${i + 1}: '${email}' is not an e-mail address`);
    return { name, email };
  });
}

export const addInvitees: Handler<{ invitee?: string[]; csv?: string; send?: boolean }> = async (ctx, inv) => {
  const o = inv.opts;
  const invitees: Array<{ name: string; email: string }> = Array.isArray(inv.body?.invitees) ? [...(inv.body!.invitees as Array<{ name: string; email: string }>)] : [];
  for (const p of o.invitee ?? []) invitees.push(parsePerson(p, '--invitee'));
  if (typeof o.csv === 'string') {
    let text: string;
    if (o.csv === '-') text = await ctx.io.readStdin();
    else {
      try {
        text = readFileSync(o.csv, 'utf8');
      } catch (e) {
        throw new UsageError(`${o.csv}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
      }
    }
    invitees.push(...(await fromCsv(text, o.csv === '-' ? 'stdin' : o.csv)));
  }
  if (!invitees.length) throw new UsageError('no invitees: give --invitee, --csv, or --file/--data with {"invitees": [...]}');
  const client = ctx.client();
  const res = await client.request<Rec>(requestFor(inv.spec.endpoint, { params: inv.args, body: { ...(inv.body ?? {}), invitees } }));
  if (res.dryRun) return;
  const link = res.data ?? {};
  const all: Rec[] = Array.isArray(link.invitees) ? link.invitees : [];
  const wanted = new Set(invitees.map((x) => x.email.toLowerCase()));
  const added = all.filter((x) => wanted.has(String(x.email).toLowerCase()));
  let message = `${added.length} invitee(s) on ${link.id ?? inv.args.bookingLinkId}`;
  if (o.send) {
    const sendable = added.filter((x) => x.status !== 'booked');
    const { failed } = await eachId(
      ctx,
      sendable.map((x) => x.id),
      async (id) => {
        await callEndpoint(client, 'booking-links.invitees.invite', { params: { bookingLinkId: String(link.id ?? inv.args.bookingLinkId), inviteeId: id } });
        return id;
      },
    );
    message += `; sent ${sendable.length - failed.length} link(s)`;
    if (failed.length) return { data: link, text: table(all, INVITEE_COLS, ctx), exitCode: 6, message: `${failed.length} of ${sendable.length} invitations failed: ${failed.join(', ')}` };
  }
  return { data: link, text: table(all, INVITEE_COLS, ctx), message };
};

const INVITEE_COLS: Array<[string, string]> = [
  ['ID', 'id'],
  ['NAME', 'name'],
  ['EMAIL', 'email'],
  ['STATUS', 'status'],
  ['INVITED_AT', 'invitedAt'],
  ['BOOKED_AT', 'bookedAt'],
];

export const invite: Handler = async (ctx, inv) => {
  const client = ctx.client();
  const { results, failed } = await eachId(ctx, inv.ids, async (inviteeId) => {
    const res = await client.request(requestFor(inv.spec.endpoint, { params: { ...inv.args, inviteeId } }));
    if (res.dryRun) return undefined;
    // The API answers only {ok: true}; this row says what was done.
    return { bookingLinkId: inv.args.bookingLinkId, inviteeId, sent: true };
  });
  if (ctx.dryRun) return;
  const sent = `sent ${results.length} invitation(s) for ${inv.args.bookingLinkId}`;
  if (failed.length) return { data: results, text: '', exitCode: 6, message: `${sent}; ${failed.length} of ${inv.ids.length} failed: ${failed.join(', ')}` };
  return { data: inv.ids.length === 1 && !inv.fromStdin ? results[0] : results, text: '', message: sent };
};
