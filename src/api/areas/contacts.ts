// Part 1, 4.3: contacts, relationships, external ids, bulk tagging and import, and custom
// property definitions.
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { any, arr, bool, email, enumOf, idOf, int, map, nul, num, obj, oneOf, recordId, ro, stamp, str, strs, timestamp, url, writable } from '../shape.ts';

export const PHONE_TYPES = ['mobile', 'work', 'home', 'other'] as const;
export const EMAIL_TYPES = ['personal', 'work', 'other'] as const;
export const RELATIONSHIP_TYPES = ['coordinates', 'partner', 'assistant', 'parent', 'other'] as const;
export const SOURCE_TYPES = ['manual', 'teammate', 'teammate_archived', 'imported', 'emailimport', 'enrichment_tool', 'crm', 'ats', 'hris', 'voice', 'onboarding', 'calendar', 'other'] as const;
export const PROPERTY_TYPES = ['text', 'number', 'date', 'boolean', 'select', 'url'] as const;
export const ENTITY_TYPES = ['contact', 'company'] as const;
const SCOPES = ['user', 'team'] as const;

const contactId = idOf('contacts', { description: 'contact id' });
const orNull = nul(str());

// What a request sends for a phone or an e-mail; the record adds where it came from.
const phoneIn = obj({ number: str({ hint: 'phone' }), type: enumOf(PHONE_TYPES), primary: bool() }, { required: ['number'] });
const emailIn = obj({ address: email(), type: enumOf(EMAIL_TYPES), primary: bool() }, { required: ['address'] });
const phone = obj({ ...phoneIn.fields, source: ro(str()) }, { required: ['number'] });
const emailEntry = obj({ ...emailIn.fields, source: ro(str()) }, { required: ['address'] });
const company = obj({ id: ro(str()), name: str(), slug: ro(str()), domain: ro(nul(str())) }, { required: ['id', 'name', 'slug'] });
const social = obj({ profNetA: str(), microblogA: str(), other: str() });
const address = obj({ line1: str(), line2: str(), city: str(), state: str(), zip: str(), country: str() });
const source = obj({ type: nul(enumOf(SOURCE_TYPES)), userId: nul(idOf('users')) });
const externalIdIn = obj({ integration: str(), externalId: str() }, { required: ['integration', 'externalId'] });

const relationship = obj(
  {
    id: recordId('relationships'),
    account: ro(str()),
    user: ro(idOf('users')),
    fromContact: ro(oneOf([idOf('contacts'), obj({}, { open: true })])),
    toContact: ro(oneOf([idOf('contacts'), obj({}, { open: true })])),
    type: enumOf(RELATIONSHIP_TYPES),
    role: nul(str()),
    isPrimary: bool({ description: 'the primary relationship of this type' }),
    notes: nul(str()),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'account', 'user', 'fromContact', 'toContact', 'type', 'createdAt', 'updatedAt'] },
);

const contact = obj({
  id: recordId('contacts'),
  account: ro(str()),
  user: ro(idOf('users')),
  name: nul(str()),
  preferredName: nul(str()),
  email: ro(email({ description: 'the primary e-mail (set through emails)' })),
  emails: arr(emailEntry),
  phones: arr(phone),
  appmsgBCapable: ro(nul(bool())),
  company: nul(company),
  title: orNull,
  timezone: nul(str({ hint: 'time-zone' })),
  tzOffset: ro(orNull),
  photoUrl: ro(nul(url())),
  website: nul(url()),
  bookingLink: nul(url()),
  social,
  address,
  enrichedAt: timestamp({ nullable: true }),
  enrichmentVersion: ro(int()),
  source: ro(nul(source)),
  lastContactedAt: timestamp({ nullable: true }),
  externalIds: ro(arr(obj({ integration: str(), externalId: str(), syncedAt: timestamp({ nullable: true }) }, { required: ['integration', 'externalId'] }))),
  properties: map(any()),
  priority: int(),
  inheritCompanyPriority: bool({ description: "use the company's priority" }),
  tags: strs(),
  introducedBy: nul(str()),
  scope: enumOf(SCOPES, { description: 'who sees it: you, or your team' }),
  team: nul(idOf('teams')),
  status: str(),
  consumer: ro(nul(obj({ id: str(), name: str(), email: email() }))),
  createdAt: stamp(),
  updatedAt: stamp(),
  assistant: ro(
    nul(obj({ name: str(), email: nul(email()), userIdentifier: orNull, source: nul(enumOf(['internal-roster', 'declared-by-counterpart', 'manual'])), internal: bool(), isMember: bool() })),
  ),
  outgoingRelationships: ro(arr(relationship)),
  incomingRelationships: ro(arr(relationship)),
});

const propertyDefinition = obj(
  {
    id: recordId('property-definitions'),
    account: ro(str()),
    user: ro(idOf('users')),
    entityType: ro(enumOf(ENTITY_TYPES)),
    key: ro(str()),
    label: str(),
    type: enumOf(PROPERTY_TYPES),
    options: strs({ description: 'choices of a select property' }),
    showForAll: bool({ description: 'show on every record' }),
    scope: enumOf(SCOPES),
    team: nul(idOf('teams')),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'account', 'user', 'entityType', 'key', 'label', 'type', 'options', 'showForAll'] },
);

const importRow = obj(
  {
    email: email(),
    name: str(),
    preferredName: str(),
    phone: str({ hint: 'phone' }),
    company: str(),
    title: str(),
    timezone: str({ hint: 'time-zone' }),
    phones: arr(phoneIn),
    emails: arr(emailIn),
    properties: map(any()),
    tags: strs(),
  },
  { required: ['email'] },
);

export const area: ApiArea = defineArea({
  name: 'contacts',
  section: 'part 1, 4.3',
  resources: { contact, relationship, propertyDefinition },
  endpoints: [
    endpoint({
      id: 'contacts.list',
      method: 'GET',
      path: '/contacts',
      summary: 'List contacts',
      query: obj({
        userId: idOf('users', { description: 'owner' }),
        status: str(),
        search: str({ description: 'name, e-mail or company' }),
        q: str({ description: 'free text, also in every e-mail, phone, title and tag' }),
        scope: enumOf(SCOPES),
        sourceType: str({ description: 'manual, imported, crm, ...' }),
        tags: strs({ description: 'contacts carrying every one of these tags (sent comma-separated)' }),
      }),
      resultKey: 'contacts',
      result: arr(contact),
      paging: 'page',
      takesLimit: true,
      resource: 'contact',
    }),
    endpoint({
      id: 'contacts.create',
      method: 'POST',
      path: '/contacts',
      summary: 'Create a contact',
      body: obj(
        {
          email: email({ description: 'primary e-mail' }),
          name: str(),
          preferredName: str(),
          company: str({ description: 'company name' }),
          title: str(),
          timezone: str({ hint: 'time-zone' }),
          consumerEmail: email(),
          phones: arr(phoneIn, { description: 'phones [{number, type: mobile|work|home|other, primary}]' }),
          emails: arr(emailIn, { description: 'e-mails [{address, type: personal|work|other, primary}]' }),
          source: nul(oneOf([str(), source], { description: 'a source type (manual, crm, ...) or {type, userId}' })),
          externalIds: arr(externalIdIn, { description: 'ids elsewhere [{integration, externalId}]' }),
          properties: map(any(), { description: 'custom properties by key' }),
          scope: enumOf(SCOPES, { description: 'who sees it: you, or your team' }),
          team: idOf('teams', { description: 'team of a team-scope contact (default: yours)' }),
          tags: strs(),
          priority: int(),
          inheritCompanyPriority: bool({ description: "use the company's priority" }),
        },
        { required: ['email'] },
      ),
      status: [201],
      resultKey: 'contact',
      result: contact,
      resource: 'contact',
    }),
    endpoint({
      id: 'contacts.bulk-tag',
      method: 'POST',
      path: '/contacts/bulk-tag',
      summary: 'Add and remove tags on many contacts (portal only)',
      body: obj({ ids: strs({ description: 'contact ids' }), add: strs({ description: 'tags to add' }), remove: strs({ description: 'tags to remove' }) }, { required: ['ids'] }),
      resultKey: 'bulkTag',
      result: obj({ ok: bool(), updated: int(), total: int(), failed: arr(obj({ id: str(), reason: str() })) }),
    }),
    endpoint({
      id: 'contacts.bulk-import',
      method: 'POST',
      path: '/contacts/bulk-import',
      summary: 'Create or update many contacts by e-mail',
      body: obj({ contacts: arr(importRow) }, { required: ['contacts'] }),
      resultKey: 'bulkImport',
      result: obj({ success: bool(), total: num(), created: num(), updated: num(), skipped: num(), errors: arr(obj({ index: num(), email: str(), error: str() }, { required: ['error'] })) }),
    }),
    endpoint({
      id: 'contacts.get',
      method: 'GET',
      path: '/contacts/{contactId}',
      params: { contactId },
      summary: 'Show a contact with its relationships',
      resultKey: 'contact',
      result: contact,
      resource: 'contact',
    }),
    endpoint({
      id: 'contacts.update',
      method: 'PUT',
      path: '/contacts/{contactId}',
      params: { contactId },
      summary: 'Change a contact',
      body: obj({
        // The spec writes name and timezone as strings; the contact answers them as string|null,
        // so null is accepted too (a contact read back from a file can be sent).
        name: nul(str()),
        timezone: nul(str({ hint: 'time-zone' })),
        status: str(),
        preferredName: orNull,
        // A company name, or null. Chosen: the company object as read is accepted too (its name
        // is what counts), so that a contact read back from a file can be sent.
        company: nul(oneOf([str({ description: 'company name' }), writable(company)])),
        title: orNull,
        website: nul(url()),
        bookingLink: nul(url()),
        introducedBy: orNull,
        phones: arr(phoneIn, { description: 'phones [{number, type: mobile|work|home|other, primary}]' }),
        emails: arr(emailIn, { description: 'e-mails [{address, type: personal|work|other, primary}]' }),
        social,
        address,
        lastContactedAt: timestamp({ nullable: true }),
        enrichedAt: timestamp({ nullable: true }),
        properties: map(any(), { description: 'custom properties by key' }),
        scope: enumOf(SCOPES, { description: 'who sees it: you, or your team' }),
        team: nul(idOf('teams')),
        tags: strs(),
        priority: int(),
        inheritCompanyPriority: bool({ description: "use the company's priority" }),
      }),
      resultKey: 'contact',
      result: contact,
      resource: 'contact',
    }),
    endpoint({
      id: 'contacts.delete',
      method: 'DELETE',
      path: '/contacts/{contactId}',
      params: { contactId },
      summary: 'Delete a contact',
      resultKey: 'contact',
      result: obj({ id: str(), deleted: bool(), message: str() }, { required: ['id'] }),
    }),
    endpoint({
      id: 'contacts.merge',
      method: 'POST',
      path: '/contacts/{contactId}/merge',
      params: { contactId },
      summary: 'Merge another contact into this one',
      body: obj(
        { mergeContactId: idOf('contacts', { description: 'the contact to merge in and delete' }), preferredEmail: email({ description: 'primary e-mail of the result' }) },
        { required: ['mergeContactId'] },
      ),
      resultKey: 'contact',
      result: obj({ ...contact.fields, merged: ro(bool()), mergedContactId: ro(str()) }),
    }),
    endpoint({
      id: 'contacts.relationships.create',
      method: 'POST',
      path: '/contacts/{contactId}/relationships',
      params: { contactId },
      summary: 'Relate a contact to another',
      body: obj(
        { toContactId: idOf('contacts'), type: enumOf(RELATIONSHIP_TYPES), role: str(), isPrimary: bool({ description: 'the primary relationship of this type' }), notes: str() },
        { required: ['toContactId', 'type'] },
      ),
      resultKey: 'relationship',
      result: relationship,
      resource: 'relationship',
      errors: [{ status: 400, code: 'AGNT_E_DUPLICATE', when: 'the contact already has a relationship of this type to that contact' }],
    }),
    endpoint({
      id: 'contacts.relationships.update',
      method: 'PATCH',
      path: '/contacts/{contactId}/relationships/{relationshipId}',
      params: { contactId, relationshipId: idOf('relationships', { description: 'relationship id' }) },
      summary: 'Change a relationship',
      body: obj({ role: orNull, isPrimary: bool(), notes: orNull }),
      resultKey: 'relationship',
      result: relationship,
      resource: 'relationship',
    }),
    endpoint({
      id: 'contacts.relationships.delete',
      method: 'DELETE',
      path: '/contacts/{contactId}/relationships/{relationshipId}',
      params: { contactId, relationshipId: idOf('relationships', { description: 'relationship id' }) },
      summary: 'Remove a relationship',
      resultKey: 'relationship',
      result: obj({ id: str(), deleted: bool(), message: str() }, { required: ['id'] }),
    }),
    endpoint({
      id: 'contacts.external-ids.set',
      method: 'PUT',
      path: '/contacts/{contactId}/external-ids/{integration}',
      params: { contactId, integration: str({ description: 'integration name' }) },
      summary: "Set a contact's id in another system",
      body: obj({ externalId: str() }, { required: ['externalId'] }),
      resultKey: 'contact',
      result: contact,
      errors: [{ status: 400, code: 'AGNT_E_DUPLICATE', when: 'another contact already has this id in that integration' }],
    }),
    endpoint({
      id: 'contacts.external-ids.find',
      method: 'GET',
      path: '/contacts/by-external-id/{integration}/{externalId}',
      params: { integration: str({ description: 'integration name' }), externalId: str({ description: 'id in that system' }) },
      summary: 'Find a contact by its id in another system',
      resultKey: 'contact',
      result: contact,
      resource: 'contact',
    }),
    endpoint({
      id: 'contacts.properties.list',
      method: 'GET',
      path: '/property-definitions',
      summary: 'List custom property definitions',
      query: obj({ entityType: enumOf(ENTITY_TYPES) }),
      resultKey: 'propertyDefinitions',
      result: arr(propertyDefinition),
      paging: 'page',
      pageParams: false,
      resource: 'propertyDefinition',
    }),
    endpoint({
      id: 'contacts.properties.set',
      method: 'PUT',
      path: '/property-definitions/{entityType}/{key}',
      params: { entityType: enumOf(ENTITY_TYPES), key: str({ description: 'property key' }) },
      summary: 'Create or change a custom property definition',
      body: obj({
        label: str(),
        type: enumOf(PROPERTY_TYPES),
        options: strs({ description: 'choices of a select property' }),
        showForAll: bool({ description: 'show on every record' }),
        scope: enumOf(SCOPES),
        team: nul(idOf('teams')),
      }),
      resultKey: 'propertyDefinition',
      result: propertyDefinition,
      resource: 'propertyDefinition',
    }),
  ],
});
