// Part 1, section 4.3: contacts, relationships, external ids, bulk tagging and property
// definitions (`contacts properties`). The raw bulk-import and the CSV importer live in
// contacts-import.ts.
import type { AreaSpec, ArgSpec, Column, FieldOverride } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/contacts.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

const contact: ArgSpec = { name: 'contactId', resource: 'contacts', description: 'contact id' };
const relationship: ArgSpec = { name: 'relationshipId', resource: 'relationships', description: 'relationship id' };

export const contactColumns: Column[] = [{ path: 'id' }, { path: 'name' }, { path: 'email' }, { path: 'company.name', header: 'COMPANY' }, { path: 'title' }, { path: 'tags' }, { path: 'scope' }];

const relationshipColumns: Column[] = [
  { path: 'id' },
  { path: 'fromContact', header: 'FROM' },
  { path: 'toContact', header: 'TO' },
  { path: 'type' },
  { path: 'role' },
  { path: 'isPrimary', header: 'PRIMARY' },
];

const common: FieldOverride[] = [{ name: 'properties', description: 'custom properties by key (see `contacts properties list`)' }];

export const contacts: AreaSpec = {
  name: 'contacts',
  aliases: ['contact'],
  summary: 'Contacts, their relationships and external ids; custom property definitions',
  groups: {
    'contacts relationships': "A contact's relationships to other contacts",
    'contacts external-ids': 'Ids of contacts in other systems (CRM, ATS, HRIS, ...)',
    'contacts properties': 'Custom property definitions of contacts and companies',
  },
  commands: [
    {
      command: 'contacts list',
      aliases: ['ls'],
      summary: 'List the contacts you can see',
      endpoint: E('contacts.list'),
      columns: contactColumns,
      fields: [{ name: 'tags', description: 'contacts carrying every one of these tags' }],
      examples: ['agnt contacts list --search carol', 'agnt contacts list --tags vip --all -o csv', 'agnt contacts list --scope team -o id'],
    },
    {
      command: 'contacts create',
      summary: 'Create a contact',
      endpoint: E('contacts.create'),
      fields: [...common],
      examples: [
        'agnt contacts create --email jo@example.test --name "Jo Doe" --company "Example Inc" --tags vip,board',
        'agnt contacts create --email jo@example.test --phones \'[{"number":"+15551230000","type":"mobile"}]\'',
        'agnt contacts create --file examples/contact.yaml',
      ],
    },
    {
      command: 'contacts get',
      aliases: ['show'],
      summary: 'Show a contact with its relationships',
      endpoint: E('contacts.get'),
      args: [contact],
      examples: ['agnt contacts get con_carol', "agnt contacts get con_carol --query 'outgoingRelationships[].type'"],
    },
    {
      command: 'contacts update',
      summary: 'Update a contact',
      description:
        "Fields not given keep their value. --set address.city=Aarhus changes only that key: agnt reads the contact and sends the whole address (a PUT replaces nested objects). --address '{...}' replaces the whole address. Lists (--tags, --phones, --emails) replace the whole list: to add or remove one tag, use `agnt contacts bulk-tag --ids ID --add TAG` or `--remove TAG`.",
      endpoint: E('contacts.update'),
      args: [contact],
      fields: [{ name: 'company', description: 'company name' }, { name: 'lastContactedAt', description: 'ISO 8601 time' }, { name: 'enrichedAt', description: 'ISO 8601 time' }, ...common],
      examples: [
        'agnt contacts update con_carol --title CFO',
        'agnt contacts update con_carol --set address.city=Paris   # the rest of the address is kept',
        'agnt contacts bulk-tag --ids con_carol --add vip   # add one tag (--tags replaces them all)',
        'agnt contacts update con_carol --company null',
      ],
    },
    {
      command: 'contacts delete',
      aliases: ['rm'],
      summary: 'Delete contacts (and their relationships)',
      endpoint: E('contacts.delete'),
      args: [{ ...contact, multi: true }],
      confirm: 'Delete contact {id}?',
      examples: ['agnt contacts delete con_carol --yes', 'agnt contacts list --tags stale -o id | agnt contacts delete - --yes'],
    },
    {
      command: 'contacts merge',
      summary: 'Merge another contact into this one (the other is deleted)',
      description: "E-mails, phones, external ids and tags are joined, relationships move to this contact, and empty fields take the other contact's values.",
      endpoint: E('contacts.merge'),
      args: [contact],
      examples: ['agnt contacts merge con_carol --merge-contact-id con_dan', 'agnt contacts merge con_carol --merge-contact-id con_erin --preferred-email carol@client.test'],
    },
    {
      command: 'contacts bulk-tag',
      summary: 'Add and remove tags on many contacts',
      description: 'Ids you cannot see are reported on stderr and the exit code is 6. --ids - reads the ids from stdin.',
      endpoint: E('contacts.bulk-tag'),
      fields: [{ name: 'ids', description: "contact ids; '-' reads them from stdin" }],
      handler: async () => (await import('../src/workflows/contacts-bulk-tag.ts')).default,
      examples: ['agnt contacts bulk-tag --ids con_carol,con_dan --add vip', 'agnt contacts list --search acme -o id | agnt contacts bulk-tag --ids - --add customer --remove lead'],
    },
    {
      command: 'contacts relationships add',
      summary: 'Relate a contact to another contact',
      endpoint: E('contacts.relationships.create'),
      args: [contact],
      columns: relationshipColumns,
      examples: ['agnt contacts relationships add con_carol --to-contact-id con_dan --type assistant --role "Executive assistant" --is-primary'],
    },
    {
      command: 'contacts relationships update',
      summary: 'Change a relationship',
      endpoint: E('contacts.relationships.update'),
      args: [contact, relationship],
      examples: ['agnt contacts relationships update con_carol rel_carol_erin --notes "Prefers mornings"', 'agnt contacts relationships update con_carol rel_carol_erin --role null --no-is-primary'],
    },
    {
      command: 'contacts relationships remove',
      aliases: ['rm', 'delete'],
      summary: 'Remove a relationship',
      endpoint: E('contacts.relationships.delete'),
      args: [contact, relationship],
      confirm: 'Remove relationship {id}?',
      examples: ['agnt contacts relationships remove con_carol rel_carol_erin --yes'],
    },
    {
      command: 'contacts external-ids set',
      summary: "Set a contact's id in another system",
      endpoint: E('contacts.external-ids.set'),
      args: [contact, { name: 'integration', description: 'the other system (crm, ats, ...)' }],
      examples: ['agnt contacts external-ids set con_carol crm --external-id 0031x000004TmYq'],
    },
    {
      command: 'contacts external-ids find',
      aliases: ['get'],
      summary: 'Find the contact that has an id in another system',
      endpoint: E('contacts.external-ids.find'),
      args: [
        { name: 'integration', description: 'the other system' },
        { name: 'externalId', description: 'the id there' },
      ],
      examples: ['agnt contacts external-ids find crm 0031x000004TmYq', 'agnt contacts external-ids find crm 0031x000004TmYq -o id'],
    },
    {
      command: 'contacts properties list',
      aliases: ['ls'],
      summary: 'List custom property definitions',
      endpoint: E('contacts.properties.list'),
      columns: [{ path: 'entityType', header: 'ENTITY' }, { path: 'key' }, { path: 'label' }, { path: 'type' }, { path: 'options' }, { path: 'scope' }, { path: 'showForAll', header: 'FOR_ALL' }],
      examples: ['agnt contacts properties list', 'agnt contacts properties list --entity-type company -o json'],
    },
    {
      command: 'contacts properties set',
      summary: 'Create or update a property definition (by entity type and key)',
      endpoint: E('contacts.properties.set'),
      args: [
        { name: 'entityType', description: 'entity type' },
        { name: 'key', description: 'property key' },
      ],
      examples: [
        'agnt contacts properties set contact tier --label Tier --type select --options gold,silver,bronze',
        'agnt contacts properties set company industry --label Industry --type text --scope team',
      ],
    },
  ],
};
