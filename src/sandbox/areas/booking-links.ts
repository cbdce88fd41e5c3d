// Part 2, section 4.7: booking links and their invitees.
import type { SandboxArea } from '../types.ts';
import { randomBytes } from 'node:crypto';
import { badRequest, conflict, forbidden, notFound, ok, bodyOf } from '../http.ts';
import { isOrgAdmin } from '../model.ts';
import type { Rec, Store } from '../store.ts';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function ownLink(store: Store, caller: Rec, id: string): Rec {
  const l = store.get('bookingLinks', id);
  if (!l || l.account !== caller.account) notFound('booking link', id);
  if (l!.user !== caller.id && !isOrgAdmin(caller)) forbidden(`booking link ${id} belongs to ${l!.user}`);
  return l!;
}

const area: SandboxArea = {
  name: 'booking-links',
  seed(store) {
    store.insert('bookingLinks', 'bkl', {
      id: 'bkl_principal',
      account: 'acc_acme',
      user: 'usr_principal',
      slug: 'pat',
      isPrimary: true,
      title: 'Meet Pat',
      active: true,
      meetingType: 'virtual',
      timezone: 'America/New_York',
      offerTimesStartingDays: 1,
      notSoonerThanMinutes: 240,
      atLatestDays: 30,
      instructions: null,
      chatEnabled: true,
      accessMode: 'invite_only',
      shareToken: 'shr_pat0001',
      invitees: [],
      schedulingPreferences: {},
    });
  },
  seedExamples(store) {
    // Two invitees not yet sent their links, with fixed ids for the help's examples. invitedAt is
    // a string the seeds require (part 2, 2.6): when they were added; invite stamps it again.
    const added = store.now();
    store.update('bookingLinks', 'bkl_principal', {
      invitees: [
        { id: 'inv_carol', name: 'Carol Client', email: 'carol@client.test', status: 'pending', invitedAt: added, bookedAt: null },
        { id: 'inv_dan', name: 'Dan Vendor', email: 'dan@vendor.test', status: 'pending', invitedAt: added, bookedAt: null },
      ],
    });
  },
  register(r, sb) {
    const store = sb.store;

    r.post('/booking-links', (req) => {
      const b = bodyOf(req.body);
      if (!/^[a-z0-9][a-z0-9-]{1,62}$/.test(b.slug)) badRequest('slug must be 2 to 63 lower-case letters, digits or dashes', 'AGNT_E_VALIDATION');
      const dup = store.find('bookingLinks', (l) => l.slug === b.slug);
      if (dup) conflict(`the slug '${b.slug}' is taken`, 'AGNT_E_DUPLICATE');
      if (b.notSoonerThanMinutes !== undefined && b.notSoonerThanMinutes < 0) badRequest('notSoonerThanMinutes must not be negative', 'AGNT_E_VALIDATION');
      const first = !store.find('bookingLinks', (l) => l.user === req.user.id);
      const link = store.insert('bookingLinks', 'bkl', {
        account: req.user.account,
        user: req.user.id,
        slug: b.slug,
        isPrimary: first,
        title: b.title ?? null,
        active: b.active ?? true,
        meetingType: b.meetingType ?? 'virtual',
        timezone: req.user.timezone ?? null,
        offerTimesStartingDays: b.offerTimesStartingDays ?? 0,
        notSoonerThanMinutes: b.notSoonerThanMinutes ?? 60,
        atLatestDays: b.atLatestDays ?? 60,
        instructions: b.instructions ?? null,
        chatEnabled: b.chatEnabled ?? false,
        // Chosen default: a link is public unless asked otherwise, as on most scheduling pages.
        accessMode: b.accessMode ?? 'public',
        shareToken: `shr_${randomBytes(8).toString('hex')}`,
        invitees: [],
        schedulingPreferences: b.schedulingPreferences ?? {},
      });
      return ok('bookingLink', link, 201);
    });

    r.post('/booking-links/{bookingLinkId}/invitees', (req) => {
      const link = ownLink(store, req.user, req.params.bookingLinkId!);
      const b = bodyOf(req.body);
      if (link.accessMode !== 'invite_only') conflict(`booking link ${link.id} is ${link.accessMode}; invitees exist only on invite_only links`, 'AGNT_E_NOT_INVITE_ONLY');
      if (!b.invitees.length) badRequest('invitees must not be empty', 'AGNT_E_VALIDATION');
      for (const [i, x] of (b.invitees as Rec[]).entries()) if (!EMAIL.test(x.email)) badRequest(`invitees[${i}].email is not a valid e-mail address`, 'AGNT_E_VALIDATION');
      const invitees = [...link.invitees];
      for (const x of b.invitees as Rec[]) {
        // Chosen: adding an e-mail already invited keeps the existing invitee (idempotent).
        if (invitees.some((v) => v.email.toLowerCase() === x.email.toLowerCase())) continue;
        invitees.push({ id: store.newId('inv'), name: x.name, email: x.email, status: 'pending', invitedAt: store.now(), bookedAt: null });
      }
      return ok('bookingLink', store.update('bookingLinks', link.id, { invitees })!);
    });

    r.post('/booking-links/{bookingLinkId}/invitees/{inviteeId}/invite', (req) => {
      const link = ownLink(store, req.user, req.params.bookingLinkId!);
      const inv = link.invitees.find((x: Rec) => x.id === req.params.inviteeId);
      if (!inv) notFound('invitee', req.params.inviteeId);
      if (!link.active) conflict(`booking link ${link.id} is not active`, 'AGNT_E_INACTIVE');
      // Chosen: a booked invitee has nothing left to book; re-sending is refused.
      if (inv.status === 'booked') conflict(`invitee ${inv.id} has already booked`, 'AGNT_E_ALREADY_BOOKED');
      const invitees = link.invitees.map((x: Rec) => (x.id === inv.id ? { ...x, invitedAt: store.now(), sentCount: (x.sentCount ?? 0) + 1 } : x));
      store.update('bookingLinks', link.id, { invitees });
      return { status: 200, body: { ok: true } };
    });
  },
};

export default area;
