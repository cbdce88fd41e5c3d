// Part 1, section 4.3: POST /contacts/bulk-import, raw (`contacts bulk-import`) and as the CSV
// importer (`contacts import`). The rest of the contacts area is in contacts.ts; this file exports
// a part of the area named 'contacts', which the area index merges with it.
import type { AreaPart } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/contacts.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

export const contactsImport: AreaPart = {
  name: 'contacts',
  commands: [
    {
      command: 'contacts bulk-import',
      summary: 'Create or update up to 1000 contacts in one request (upsert by e-mail)',
      description:
        'Sends the contacts of a JSON or YAML file ({contacts: [...]}) as they are. For CSV files, and for any number of rows, use `agnt contacts import`. Exits 6 when the server refused some rows.',
      endpoint: E('contacts.bulk-import'),
      fields: [{ name: 'contacts', description: 'the contacts: [{email, name, preferredName, phone, company, title, timezone, phones, emails, properties, tags}]' }],
      handler: async () => (await import('../src/workflows/contacts-bulk-import.ts')).default,
      examples: [
        'agnt contacts bulk-import --file examples/contacts.json',
        'agnt contacts bulk-import --file examples/contacts.yaml -o json',
        `agnt contacts bulk-import --data '{"contacts":[{"email":"ann@example.com","name":"Ann Lee","tags":["vip"]}]}'`,
      ],
    },
    {
      command: 'contacts import',
      // The rows come from the CSV file, through the importer.
      omit: ['contacts'],
      summary: 'Import contacts from a CSV file (Google, Outlook, LinkedIn, CRM, spreadsheet exports)',
      // Paragraphs without hard line breaks: commander wraps them to the terminal.
      description: [
        'Streams the file (or stdin with -), detecting the delimiter (comma, semicolon, tab), a byte-order mark, UTF-16 and Windows-1252 text, CRLF and quoted multi-line fields. ' +
          "Columns are mapped to contact fields from their headers (email, name, first/last name, phone, company, title, timezone, tags, and the 'E-mail 1 - Value' forms); " +
          '--map overrides, --properties-from keeps other columns as properties. Rows are checked locally (a valid e-mail is required; duplicates within the file are reported) ' +
          'and sent in batches, a few at a time; the server creates or updates by e-mail.',
        'Every row and its outcome is written to a ledger (default FILE.ledger.jsonl); after an interruption, run the same command with --resume: finished batches are never sent again. ' +
          "--errors-out writes the failed rows in the file's own columns plus an import_error column, ready to be fixed and imported again. " +
          '--dry-run sends nothing and reports what would be sent, skipped and refused (only the server knows which contacts exist).',
        'Exit codes: 0 every row went in, 6 some rows failed, 1 the import stopped (see the ledger; --resume), 7 refused by the guardrails (nothing sent), 130 interrupted.',
      ].join('\n\n'),
      endpoint: E('contacts.bulk-import'),
      args: [{ name: 'file', description: "CSV file, or '-' for stdin", file: true }],
      options: [
        {
          flags: '--map <column=field>',
          description:
            'map a column to a field: email, email:work, name, first-name, last-name, preferred-name, phone, phone:mobile, company, title, timezone, tags, properties.KEY, ignore; repeatable',
          repeatable: true,
        },
        { flags: '--properties-from <columns>', description: "keep these columns (comma-separated; '*' for every column not otherwise used) in properties", repeatable: true },
        { flags: '--tags <tags>', description: 'add these tags to every row (comma-separated; repeatable)', repeatable: true },
        { flags: '--batch-size <n>', description: 'rows per request (at most 1000)', default: '500' },
        { flags: '--concurrency <n>', description: 'requests in flight at once', default: '4' },
        { flags: '--errors-out <file>', description: 'write the failed rows (input columns plus import_error) to this CSV file', file: true },
        { flags: '--ledger <file>', description: 'where to write the ledger (default: FILE.ledger.jsonl; required for --resume with stdin)', file: true },
        { flags: '--resume', description: 'finish an interrupted import from its ledger' },
        { flags: '--delimiter <char>', description: 'field delimiter instead of detecting it (comma, semicolon, tab, pipe, or one character)' },
        { flags: '--encoding <name>', description: 'text encoding instead of detecting it: any WHATWG label (utf-8, utf-16le, windows-1252, shift_jis, gbk...)' },
        { flags: '--no-header', description: "the file has no header row: its first line is data, the columns are 'column 1', 'column 2'... (--map 'column 2=email')" },
      ],
      columns: [{ path: 'total' }, { path: 'created' }, { path: 'updated' }, { path: 'skipped' }, { path: 'failed' }],
      handler: async () => (await import('../src/workflows/contacts-import.ts')).default,
      examples: [
        'agnt contacts import examples/google-contacts.csv --errors-out failed.csv',
        "agnt contacts import examples/crm.csv --map 'Work Email=email' --properties-from 'Lead Source,Owner' --tags crm",
        'agnt contacts import examples/contacts.csv --dry-run',
        'agnt contacts import examples/contacts.csv && agnt contacts import examples/contacts.csv --resume   # resuming a finished import sends nothing',
        'agnt contacts import examples/failed.csv   # rows an --errors-out run refused, once fixed',
        "cat examples/crm.csv | agnt contacts import - --map 'Work Email=email' --ledger import.ledger.jsonl -o json",
      ],
    },
  ],
};
