// The records of `agnt keys` and `agnt approve` (signed plans, docs/guardrails.md).
import type { BuiltinGroup, BuiltinRecord } from './record.ts';

export const KEYS_GROUPS: readonly BuiltinGroup[] = [
  {
    command: 'keys',
    summary: 'the profile’s key for signing plans (agnt approve)',
    description: "The profile's Ed25519 key for signing plans: the private half stays in the config folder (0600), the public half goes under guardrails.approvers of the organization document",
  },
];

const ME = { id: 'users.me.get' as const, note: 'when the profile has no user setting' };

export const KEYS_RECORDS: readonly BuiltinRecord[] = [
  {
    command: 'keys create',
    summary: 'make the profile’s signing key and print the public key to list under guardrails.approvers',
    description:
      'Makes an Ed25519 key pair for the profile. The private key is written to the config folder (keys/PROFILE.pem, 0600); the public key is printed\n' +
      'as the lines to paste under guardrails.approvers of the organization document, with the profile’s e-mail. Refuses to replace a key unless --force.',
    options: [{ flags: '--force', description: 'replace the profile’s key (plans it signed then fail to verify)' }],
    endpoints: [ME],
    examples: ['agnt keys create', 'agnt keys create --force -o json   # a new key: list the new public key instead'],
    run: async (ctx, { opts }) => (await import('./keys.ts')).keysCreate(ctx, opts),
  },
  {
    command: 'keys show',
    summary: 'print the profile’s public key, as lines to paste under guardrails.approvers',
    endpoints: [ME],
    examples: ['agnt keys create   # once per profile', 'agnt keys show', 'agnt keys show -o json --query key'],
    run: async (ctx) => (await import('./keys.ts')).keysShow(ctx),
  },
  {
    command: 'approve',
    summary: 'sign a saved plan (org plan --out, batch --plan-out) with the profile’s key',
    description:
      "Adds the profile's signature to the plan's signatures, over the plan's canonical JSON without its signatures: a plan changed after\n" +
      'signing no longer verifies. org apply --plan and batch --plan verify every signature against guardrails.approvers, and where a rule asks\n' +
      "for a second admin they need a signature by an approver who is not the plan's author.",
    args: [{ name: 'plan', description: 'the plan file', file: true }],
    endpoints: [ME],
    examples: [
      'agnt keys create   # once per profile',
      'agnt org plan -f examples/org.yaml --out plan.json',
      'agnt approve plan.json   # as a second admin: agnt approve plan.json --profile PROFILE',
      "agnt batch examples/invitees.csv --plan-out batch-plan.json -- invitations create --team-id team_acme --email '{email}'",
      'agnt approve batch-plan.json',
    ],
    run: async (ctx, { args }) => (await import('./keys.ts')).approve(ctx, String(args[0])),
  },
];
