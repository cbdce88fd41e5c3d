// Part 2, 4.7: booking links (scheduling pages) and their invitees.
import { schedulingPreferences } from '../common.ts';
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { arr, bool, email, enumOf, idOf, nul, num, obj, recordId, ro, secret, stamp, str } from '../shape.ts';

export const ACCESS_MODES = ['public', 'anyone_with_link', 'invite_only'] as const;
const bookingLinkId = idOf('booking-links', { description: 'booking link id' });

const invitee = obj(
  { id: ro(str()), name: str(), email: email(), status: ro(enumOf(['pending', 'booked'])), invitedAt: stamp(), bookedAt: stamp({ nullable: true }) },
  { required: ['id', 'name', 'email', 'invitedAt', 'bookedAt'] },
);

const writable = {
  slug: str({ description: 'the page name in its URL' }),
  title: str(),
  active: bool(),
  meetingType: enumOf(['virtual', 'in_person']),
  offerTimesStartingDays: num({ description: 'offer times starting this many days ahead' }),
  notSoonerThanMinutes: num({ description: 'no meeting sooner than this many minutes from now' }),
  atLatestDays: num({ description: 'no meeting later than this many days ahead' }),
  instructions: nul(str()),
  chatEnabled: bool(),
  accessMode: enumOf(ACCESS_MODES),
  schedulingPreferences: { ...schedulingPreferences, description: 'scheduling preferences (availability, defaults, calendars, buffers, customEventTitles)' },
};

const bookingLink = obj(
  {
    id: recordId('booking-links'),
    account: ro(str()),
    user: ro(idOf('users')),
    ...writable,
    slug: nul(str()),
    title: nul(str()),
    isPrimary: ro(bool()),
    timezone: ro(nul(str({ hint: 'time-zone' }))),
    shareToken: ro(secret(str({ description: 'token of the personal booking URL' }))),
    invitees: ro(arr(invitee)),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'account', 'user', 'active', 'shareToken', 'createdAt', 'updatedAt'] },
);

export const area: ApiArea = defineArea({
  name: 'booking-links',
  section: 'part 2, 4.7',
  resources: { bookingLink, invitee },
  endpoints: [
    endpoint({
      id: 'booking-links.create',
      method: 'POST',
      path: '/booking-links',
      summary: 'Create a booking link',
      body: obj(writable, { required: ['slug'] }),
      status: [201],
      resultKey: 'bookingLink',
      result: bookingLink,
      errors: [{ status: 409, code: 'AGNT_E_DUPLICATE', when: 'the slug is taken' }],
    }),
    endpoint({
      id: 'booking-links.invitees.add',
      method: 'POST',
      path: '/booking-links/{bookingLinkId}/invitees',
      params: { bookingLinkId },
      summary: 'Add invitees to an invite-only link',
      body: obj({ invitees: arr(obj({ name: str(), email: email() }, { required: ['name', 'email'] })) }, { required: ['invitees'] }),
      resultKey: 'bookingLink',
      result: bookingLink,
      errors: [{ status: 409, code: 'AGNT_E_NOT_INVITE_ONLY', when: 'the link is not invite_only' }],
    }),
    endpoint({
      id: 'booking-links.invitees.invite',
      method: 'POST',
      path: '/booking-links/{bookingLinkId}/invitees/{inviteeId}/invite',
      params: { bookingLinkId, inviteeId: str({ description: 'invitee id' }) },
      summary: "Send (or send again) an invitee's personal link",
      result: obj({}),
      errors: [
        { status: 409, code: 'AGNT_E_INACTIVE', when: 'the link is not active' },
        { status: 409, code: 'AGNT_E_ALREADY_BOOKED', when: 'the invitee has already booked' },
      ],
    }),
  ],
});
