// Delegations, coordinator views and the manager gate, backup routing and manager assignments.
import { describe, expect, it } from 'vitest';
import { agnt, agntJson, sandboxForFile } from '../support/helpers.ts';

let now = Date.parse('2026-11-30T12:00:00Z');
const sb = sandboxForFile({ clock: () => now });

describe('delegations', () => {
  it("lists the coordinator's delegations as a table", async () => {
    const r = await agnt(['delegations', 'list', '--role', 'coordinator'], { sb, as: 'coordinator' });
    expect(r.exitCode).toBe(0);
    const [header, ...rows] = r.stdout.trim().split('\n');
    expect(header).toMatch(/^ID\s+STATUS\s+COORDINATOR\s+PRINCIPAL\s+SOURCE\s+PROVIDER\s+ACCESS\s+DEFAULT$/);
    expect(rows.map((l) => l.split(/\s+/)[0])).toEqual(['del_principal', 'del_principal2', 'del_ghost']);
  });

  it('reverify by the coordinator shows the new access health; status never changes', async () => {
    const before = await agntJson(['delegations', 'get', 'del_principal2'], { sb, as: 'coordinator' });
    expect(before).toMatchObject({ status: 'active', accessHealth: 'calendar_degraded' });
    now += 60_000;
    const r = await agnt(['delegations', 'reverify', 'del_principal2'], { sb, as: 'coordinator' });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe(`del_principal2  usr_principal2  access: calendar_degraded -> ok  checked at ${new Date(now).toISOString()}  status: active`);
    const after = await agntJson(['delegations', 'get', 'del_principal2'], { sb, as: 'coordinator' });
    expect(after).toMatchObject({ status: 'active', accessHealth: 'ok', lastAccessCheckAt: new Date(now).toISOString() });
    expect(after.lastAccessCheckAt).not.toBe(before.lastAccessCheckAt);
  });

  it('reverify finds a lost calendar without touching the status, and only the coordinator may reverify', async () => {
    const lost = await agntJson(['delegations', 'reverify', 'del_member'], { sb, as: 'manager' });
    expect(lost).toMatchObject({ id: 'del_member', status: 'active', accessHealth: 'calendar_lost', lastAccessCheckAt: new Date(now).toISOString() });
    const byPrincipal = await agnt(['delegations', 'reverify', 'del_principal2'], { sb, as: 'principal2' });
    expect(byPrincipal.exitCode).toBe(4);
    expect(byPrincipal.stderr).toMatch(/only the coordinator \(usr_coord\) may reverify delegation del_principal2.*\(HTTP 403, AGNT_E_NOT_COORDINATOR\)/);
    const byAdmin = await agnt(['delegations', 'reverify', 'del_principal2'], { sb, as: 'admin' });
    expect(byAdmin.exitCode).toBe(4);
  });

  it('create, confirm only by the principal, then revoke; reverify of a revoked delegation keeps it revoked', async () => {
    const created = await agntJson(
      ['delegations', 'create', '--principal-id', 'usr_member', '--delegation-source', 'calendar_provider', '--calendar-provider', 'provider1', '--approval-mode', 'auto'],
      { sb, as: 'coordinator' },
    );
    expect(created).toMatchObject({ status: 'pending', coordinator: 'usr_coord', principal: 'usr_member', initiatedBy: 'coordinator', approvalMode: 'auto', confirmedAt: null });
    const dup = await agnt(['delegations', 'create', '--principal-id', 'usr_member', '--delegation-source', 'platform'], { sb, as: 'coordinator' });
    expect(dup.exitCode).toBe(5);
    const byCoordinator = await agnt(['delegations', 'confirm', created.id], { sb, as: 'coordinator' });
    expect(byCoordinator.exitCode).toBe(4);
    expect(byCoordinator.stderr).toContain('only the principal (usr_member) may confirm');
    const confirmed = await agntJson(['delegations', 'confirm', created.id], { sb, as: 'member' });
    expect(confirmed).toMatchObject({ status: 'active', confirmedAt: new Date(now).toISOString() });
    const again = await agnt(['delegations', 'confirm', created.id], { sb, as: 'member' });
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toContain('status is active (only pending delegations can be confirmed)');
    const updated = await agntJson(['delegations', 'update', created.id, '--visibility', 'bcc', '--thread-inclusion', 'null'], { sb, as: 'coordinator' });
    expect(updated).toMatchObject({ visibility: 'bcc', threadInclusion: null });
    const refused = await agnt(['delegations', 'revoke', created.id], { sb, as: 'member' });
    expect(refused.exitCode).toBe(2);
    const revoked = await agntJson(['delegations', 'revoke', created.id, '--yes'], { sb, as: 'member' });
    expect(revoked).toMatchObject({ status: 'revoked', revokedAt: new Date(now).toISOString(), revokedBy: 'usr_member' });
    const re = await agntJson(['delegations', 'reverify', created.id], { sb, as: 'coordinator' });
    expect(re).toMatchObject({ status: 'revoked', accessHealth: 'ok' });
    const dash = await agntJson(['coordinator', 'dashboard'], { sb, as: 'coordinator' });
    expect(dash.healthWarnings.recentRevocations).toEqual([expect.objectContaining({ delegationId: created.id, revokedBy: 'usr_member' })]);
  });
});

describe('coordinator views', () => {
  it("pending invites and a principal's detail", async () => {
    const invites = await agntJson(['coordinator', 'pending-invites'], { sb, as: 'coordinator' });
    expect(invites).toEqual([expect.objectContaining({ id: 'del_ghost', principal: expect.objectContaining({ id: 'usr_ghost', name: 'Gus Ghost' }), delegationSource: 'platform' })]);
    expect(invites[0].confirmationTokenExpiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const detail = await agntJson(['coordinator', 'principal', 'usr_principal'], { sb, as: 'coordinator' });
    expect(detail).toMatchObject({ delegation: { id: 'del_principal' }, assistant: { id: 'ast_ava', name: 'Ava' }, accessHealth: { status: 'ok' } });
    expect(detail.supervisionMatrix.calendar.mode).toBe('auto');
    const text = await agnt(['coordinator', 'principal', 'usr_principal'], { sb, as: 'coordinator' });
    expect(text.stdout).toContain('delegation:   del_principal (active, calendar_provider/provider1)');
    expect(text.stdout).toMatch(/== Supervision ==\nCELL\s+MODE/);
    const missing = await agnt(['coordinator', 'principal', 'usr_admin'], { sb, as: 'coordinator' });
    expect(missing.exitCode).toBe(3);
  });

  it('the dashboard renders as sections on a terminal-less run too', async () => {
    const r = await agnt(['coordinator', 'dashboard'], { sb, as: 'coordinator' });
    expect(r.exitCode).toBe(0);
    for (const s of ['Active principals', 'My active coverage', 'Handoffs out', 'Upcoming coverage', 'Recent tasks', 'Health warnings']) expect(r.stdout).toContain(`== ${s} ==`);
    expect(r.stdout).toContain('pending invite(s): agnt coordinator pending-invites');
  });

  it('manager views are forbidden to a plain coordinator (403, exit 4)', async () => {
    for (const args of [
      ['coordinator', 'manager-overview'],
      ['coordinator', 'audit-events'],
      ['coverage', 'dashboard'],
    ]) {
      const r = await agnt(args, { sb, as: 'coordinator' });
      expect(r.exitCode, args.join(' ')).toBe(4);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('(HTTP 403, AGNT_E_MANAGER_REQUIRED)');
    }
  });

  it('a manager sees their coordinators; an admin sees the account', async () => {
    const mine = await agntJson(['coordinator', 'manager-overview'], { sb, as: 'manager' });
    expect(mine.map((c: any) => c.coordinator.id)).toEqual(['usr_coord', 'usr_backup']);
    expect(mine[0]).toMatchObject({ principalCount: 2, pendingInviteCount: 1 });
    const all = await agnt(['coordinator', 'manager-overview', '--json', '--query', 'length(@)'], { sb, as: 'admin' });
    expect(Number(all.stdout)).toBeGreaterThanOrEqual(3);
    const dash = await agntJson(['coverage', 'dashboard'], { sb, as: 'manager' });
    expect(dash).toMatchObject({ scope: 'manager', managedCoordinatorIds: ['usr_coord', 'usr_backup'] });
    expect((await agntJson(['coverage', 'dashboard'], { sb, as: 'admin' })).scope).toBe('admin');
    const events = await agntJson(['coordinator', 'audit-events', '--action', 'coordinator.delegation.reverify', '--coordinator-id', 'usr_coord'], { sb, as: 'manager' });
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0]).toMatchObject({ actor: 'usr_coord', action: 'coordinator.delegation.reverify', entityId: 'del_principal2' });
    expect(events.every((e: any) => e.action === 'coordinator.delegation.reverify')).toBe(true);
  });
});

describe('backup routing and manager assignments', () => {
  it('backup rules: list, create, refuse a duplicate, delete', async () => {
    const listed = await agntJson(['backup-rules', 'list'], { sb, as: 'coordinator' });
    expect(listed.map((x: any) => x.id)).toEqual(['brr_coord', 'brr_default']);
    const rule = await agntJson(['backup-rules', 'create', '--backup-coordinator', 'usr_manager', '--principal', 'usr_principal2'], { sb, as: 'coordinator' });
    expect(rule).toMatchObject({ primaryCoordinator: 'usr_coord', principal: 'usr_principal2', backupCoordinator: 'usr_manager', isOrgDefault: false, createdBy: 'usr_coord' });
    const dup = await agnt(['backup-rules', 'create', '--backup-coordinator', 'usr_backup', '--principal', 'usr_principal2'], { sb, as: 'coordinator' });
    expect(dup.exitCode).toBe(5);
    expect(dup.stderr).toContain('AGNT_E_DUPLICATE');
    const orgDefault = await agnt(['backup-rules', 'create', '--backup-coordinator', 'usr_backup', '--is-org-default'], { sb, as: 'coordinator' });
    expect(orgDefault.exitCode).toBe(4);
    const del = await agntJson(['backup-rules', 'delete', rule.id, '--yes'], { sb, as: 'coordinator' });
    expect(del).toMatchObject({ id: rule.id, deleted: true });
  });

  it('manager assignments: list, and create by organization admins only', async () => {
    const r = await agnt(['manager-assignments', 'list', '--manager', 'usr_manager'], { sb, as: 'coordinator' });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^mga_coord\s+usr_manager\s+Max Manager\s+coordinator\s+usr_coord\s+Cory Coordinator$/m);
    const denied = await agnt(['manager-assignments', 'create', '--manager', 'usr_backup', '--managed-user', 'usr_coord'], { sb, as: 'manager' });
    expect(denied.exitCode).toBe(4);
    const made = await agntJson(['manager-assignments', 'create', '--manager', 'usr_backup', '--managed-user', 'usr_member'], { sb, as: 'admin' });
    expect(made).toMatchObject({ role: 'coordinator', manager: { id: 'usr_backup', name: 'Bea Backup' }, managedUser: { id: 'usr_member' }, createdBy: 'usr_admin' });
    const again = await agnt(['manager-assignments', 'create', '--manager', 'usr_backup', '--managed-user', 'usr_member'], { sb, as: 'admin' });
    expect(again.exitCode).toBe(5);
  });

  it('`coverage who` follows backup routing rules when the backup is away too', async () => {
    const span = (as: string, backup: string) =>
      agntJson(['coverage', 'create', '--principal', 'usr_principal', '--backup', backup, '--start', '2027-01-04T14:00:00Z', '--end', '2027-01-08T22:00:00Z', '--no-manager-approval', '--submit'], {
        sb,
        as,
      });
    const a = await span('coordinator', 'usr_backup');
    const b = await span('backup', 'usr_manager');
    await agntJson(['coverage', 'accept', a.id], { sb, as: 'backup' });
    await agntJson(['coverage', 'accept', b.id], { sb, as: 'manager' });
    now = Date.parse('2027-01-05T15:00:00Z');
    // usr_backup is away too: the organization default rule names usr_manager.
    let who = await agntJson(['coverage', 'who', 'usr_principal'], { sb, as: 'coordinator' });
    expect(who.chain.map((p: any) => [p.id, p.depth])).toEqual([
      ['usr_coord', 0],
      ['usr_backup', 1],
      ['usr_manager', 2],
    ]);
    expect(who.backupCoordinator.id).toBe('usr_manager');
    // A rule of usr_backup's own for this principal wins over the organization default.
    await agntJson(['backup-rules', 'create', '--backup-coordinator', 'usr_admin', '--principal', 'usr_principal'], { sb, as: 'backup' });
    who = await agntJson(['coverage', 'who', 'usr_principal'], { sb, as: 'coordinator' });
    expect(who.chain.map((p: any) => p.id)).toEqual(['usr_coord', 'usr_backup', 'usr_admin']);
    const text = await agnt(['coverage', 'who', 'usr_principal'], { sb, as: 'coordinator' });
    expect(text.stdout).toMatch(/^ {2}└─ 1 {2}Bea Backup <backup@acme\.test> {2}\(usr_backup\) {2}backup, away$/m);
    expect(text.stdout).toMatch(/^ {4}└─ 2 {2}Ada Admin <admin@acme\.test> {2}\(usr_admin\) {2}covering now$/m);
  });
});
