// Part 1, section 4.8: an identifier's preferences, skill preferences, scheduling, reminders and
// the supervision matrix with its recipient exceptions. The shapes are those of 2.9 to 2.11.
import type { AreaSpec, ArgSpec, FieldOverride } from '../src/core/spec.ts';
import { MATRIX_CELLS, CELL_KEYS, EXCEPTION_KINDS } from '../src/api/supervision.ts';
import { area as api } from '../src/api/areas/preferences.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

const user: ArgSpec = { name: 'userId', flag: 'user', default: 'me', description: 'whose preferences (a user id)', resource: 'users' };
const identifier: ArgSpec = { name: 'identifierId', description: 'identifier id', resource: 'identifiers' };

const cellFields: FieldOverride[] = MATRIX_CELLS.map((cell) => ({
  name: cell,
  type: 'object',
  keys: CELL_KEYS,
  description: `${cell} cell {mode, timeBoxedWindowMin, timeBoxedExpiry, undoDelaySec}`,
}));

export const preferences: AreaSpec = {
  name: 'preferences',
  aliases: ['prefs'],
  summary: 'Preferences: scheduling, reminders, skills, the supervision matrix',
  groups: {
    'preferences identifier': "An identifier's whole preferences record",
    'preferences skill': "An identifier's preferences for one skill",
    'preferences scheduling': 'Scheduling preferences (primary identifier)',
    'preferences reminders': 'Reminder preferences (across identifiers)',
    'preferences matrix': 'The supervision matrix: how much review each kind of action needs',
    'preferences exceptions': 'Recipient exceptions to the supervision matrix',
  },
  commands: [
    {
      command: 'preferences identifier get',
      summary: "Show an identifier's preferences record",
      endpoint: E('preferences.identifier.get'),
      args: [identifier],
      examples: ['agnt preferences identifier get idn_principal_email', "agnt preferences identifier get idn_principal_email --query 'preferences.supervision'"],
    },
    {
      command: 'preferences skill get',
      summary: "Show an identifier's preferences for a skill",
      endpoint: E('preferences.skill.get'),
      args: [identifier, { name: 'skillName', description: 'skill name' }],
      examples: ['agnt preferences skill get idn_principal_email travel'],
    },
    {
      command: 'preferences skill set',
      summary: "Replace an identifier's preferences for a skill",
      description: 'The preferences object comes from --file/--data (JSON or YAML) or --set key=value.',
      endpoint: E('preferences.skill.set'),
      args: [identifier, { name: 'skillName', description: 'skill name' }],
      bodyKey: 'preferences',
      bodyInput: true,
      examples: ['agnt preferences skill set idn_principal_email travel --file examples/travel.yaml', 'agnt preferences skill set idn_principal_email travel --set cabinClass=business'],
    },
    {
      command: 'preferences scheduling get',
      summary: 'Show scheduling preferences',
      endpoint: E('preferences.scheduling.get'),
      args: [user],
      examples: ['agnt preferences scheduling get', 'agnt preferences scheduling get --yaml > scheduling.yaml'],
    },
    {
      command: 'preferences scheduling set',
      summary: 'Replace scheduling preferences (checked against the documented shape before sending)',
      endpoint: E('preferences.scheduling.set'),
      args: [user],
      bodyKey: 'schedulingPreferences',
      examples: [
        'agnt preferences scheduling set --file examples/scheduling.yaml',
        'agnt preferences scheduling get --yaml > s.yaml && agnt preferences scheduling set --file s.yaml --set buffers.bufferLength=15',
      ],
    },
    {
      command: 'preferences reminders get',
      summary: 'Show reminder preferences',
      endpoint: E('preferences.reminders.get'),
      args: [user],
      examples: ['agnt preferences reminders get'],
    },
    {
      command: 'preferences reminders update',
      aliases: ['patch', 'set'],
      summary: 'Change reminder preferences (merged into the current ones)',
      endpoint: E('preferences.reminders.update'),
      args: [user],
      bodyKey: 'preferences',
      fields: [{ name: 'appchatA', flag: 'appchat-a' }],
      examples: [
        'agnt preferences reminders update --level agnt-events',
        'agnt preferences reminders update --file examples/reminders.yaml',
        'agnt preferences reminders update --set email.enabled=true',
      ],
    },
    {
      command: 'preferences matrix get',
      summary: 'Show the supervision matrix (a grid on a terminal)',
      endpoint: E('preferences.matrix.get'),
      args: [user],
      render: async () => (await import('../src/render/matrix-grid.ts')).renderMatrix,
      examples: ['agnt preferences matrix get', 'agnt preferences matrix get --json'],
    },
    {
      command: 'preferences matrix patch',
      aliases: ['update', 'set'],
      summary: 'Change cells of the supervision matrix (deep-merged into the current matrix)',
      description: '`locked` is refused at user scope (400); loosening a cell locked by the organization or team is refused (403).',
      endpoint: E('preferences.matrix.update'),
      args: [user],
      bodyKey: 'matrix',
      fields: [...cellFields, { name: 'locked', description: 'cells locked against loosening' }, { name: 'exceptions', description: 'recipient exceptions' }],
      render: async () => (await import('../src/render/matrix-grid.ts')).renderMatrix,
      examples: [
        'agnt preferences matrix patch --set email_as_user.mode=manual',
        'agnt preferences matrix patch --calendar \'{"mode": "time-boxed", "timeBoxedWindowMin": 30, "timeBoxedExpiry": "execute"}\'',
        'agnt preferences matrix patch --file examples/matrix.yaml',
      ],
    },
    {
      command: 'preferences matrix reset',
      summary: 'Reset the supervision matrix to the defaults',
      endpoint: E('preferences.matrix.reset'),
      args: [user],
      confirm: 'Reset the supervision matrix of {id} to the defaults?',
      render: async () => (await import('../src/render/matrix-grid.ts')).renderMatrix,
      examples: ['agnt preferences matrix reset --yes'],
    },
    {
      command: 'preferences exceptions add',
      aliases: ['create'],
      summary: 'Add a recipient exception to the supervision matrix',
      endpoint: E('preferences.exceptions.create'),
      args: [user],
      fields: [{ name: 'match', description: `who it applies to {kind, value}; kind one of ${EXCEPTION_KINDS.join(', ')}` }],
      columns: [{ path: 'id' }, { path: 'label' }, { path: 'match.kind', header: 'KIND' }, { path: 'match.value', header: 'VALUE' }, { path: 'mode' }],
      examples: [
        'agnt preferences exceptions add --match \'{"kind": "domain", "value": "acme.com"}\' --mode manual',
        'agnt preferences exceptions add --set match.kind=tag --set match.value=vip --mode manual --label VIPs',
      ],
    },
    {
      command: 'preferences exceptions remove',
      aliases: ['rm', 'delete'],
      summary: 'Remove a recipient exception',
      endpoint: E('preferences.exceptions.delete'),
      args: [user, { name: 'exceptionId', multi: true, description: 'recipient exception id' }],
      confirm: 'Remove recipient exception {id}?',
      examples: ['id=$(agnt preferences exceptions add --match \'{"kind": "domain", "value": "old.test"}\' --mode manual -o id) && agnt preferences exceptions remove "$id" --yes'],
    },
  ],
};
