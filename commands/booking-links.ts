// Part 2, section 4.7: booking links (public or invite-only scheduling pages) and invitees.
import type { AreaSpec } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/booking-links.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

const handlers = () => import('../src/workflows/booking-links.ts');

export const bookingLinks: AreaSpec = {
  name: 'booking-links',
  aliases: ['booking-link', 'links'],
  summary: 'Booking links: scheduling pages, their invitees and invitations',
  commands: [
    {
      command: 'booking-links create',
      summary: 'Create a booking link (scheduling preferences from a file with @file)',
      endpoint: E('booking-links.create'),
      fields: [{ name: 'schedulingPreferences', file: true }],
      examples: [
        'agnt booking-links create --slug pat-intro --title "Intro with Pat" --access-mode invite_only --scheduling-preferences @examples/booking-prefs.yaml',
        'agnt booking-links create --file examples/booking-link.yaml',
        'agnt booking-links create --slug office-hours --meeting-type in_person --set schedulingPreferences.buffers.bufferLength=15',
      ],
    },
    {
      command: 'booking-links add-invitees',
      aliases: ['invitees'],
      summary: 'Add invitees to an invite-only link, from flags or a CSV of name,email',
      description: "--invitee takes 'Name <email>' or 'Name,email' and repeats; --csv reads name,email rows (a header row is optional; '-' for stdin). --send sends each new invitee their link.",
      endpoint: E('booking-links.invitees.add'),
      also: [E('booking-links.invitees.invite')],
      args: [{ name: 'bookingLinkId', resource: 'booking-links' }],
      fields: [{ name: 'invitees', hidden: true, required: false }],
      options: [
        { flags: '--invitee <person>', description: "an invitee: 'Name <email>' or 'Name,email' (repeatable)", repeatable: true },
        { flags: '--csv <path>', description: "invitees from a CSV of name,email ('-' for stdin)", file: true },
        { flags: '--send', description: 'send the new invitees their links right away' },
      ],
      columns: [{ path: 'id' }, { path: 'name' }, { path: 'email' }, { path: 'status' }, { path: 'invitedAt' }, { path: 'bookedAt' }],
      handler: async () => (await handlers()).addInvitees,
      examples: [
        "agnt booking-links add-invitees bkl_principal --invitee 'Carol Client <carol@client.test>' --invitee 'Dan Vendor,dan@vendor.test'",
        'agnt booking-links add-invitees bkl_principal --csv examples/invitees.csv --send',
      ],
    },
    {
      command: 'booking-links invite',
      aliases: ['send'],
      summary: "Send (or send again) invitees' personal links",
      endpoint: E('booking-links.invitees.invite'),
      args: [
        { name: 'bookingLinkId', resource: 'booking-links' },
        { name: 'inviteeId', multi: true, description: 'invitee id' },
      ],
      handler: async () => (await handlers()).invite,
      examples: [
        'agnt booking-links invite bkl_principal inv_carol',
        'agnt booking-links invite bkl_principal inv_carol inv_dan',
        "printf '%s\\n' inv_carol inv_dan | agnt booking-links invite bkl_principal -",
      ],
    },
  ],
};
