// Part 1, section 4.8: identifier preferences records, skill preferences, scheduling, reminders
// and the supervision matrix with recipient exceptions.
import type { SandboxArea } from '../types.ts';
import { fail, forbidden, notFound, ok, bodyOf } from '../http.ts';
import { mayActFor, pathUser } from './access.ts';
import type { Rec, Store } from '../store.ts';
import { EXCEPTION_KINDS, MATRIX_CELLS, loosens, recipientException as exceptionShape, matrixPatch as matrixShape } from '../../api/supervision.ts';
import { reminderPreferences as remindersShape, schedulingPreferences as schedulingShape } from '../../api/common.ts';
import { check, describeProblem, type Shape } from '../../api/shape.ts';
import { recordEvent } from './org-shared.ts';

const CELLS: readonly string[] = MATRIX_CELLS;

export function defaultScheduling(): Rec {
  const day = [{ start: '09:00', end: '17:00' }];
  return {
    sync: true,
    availability: {
      sync: true,
      workingHours: { MO: day, TU: day, WE: day, TH: day, FR: day, SA: [], SU: [] },
      workingHolidays: [],
      customHolidays: [],
      holidayCountries: ['US'],
      holidayCountry: 'US',
    },
    defaults: { sync: true, virtual: { duration: 30, defaultMeetingLink: '', conferenceSolution: 'meeting_tool_1', conferenceIntegration: '' }, inPerson: { duration: 60, defaultLocation: '' } },
    calendars: { sync: true, read: ['primary'], write: 'primary' },
    buffers: { sync: true, bufferType: 'none', bufferLength: 0, bufferBlockLength: 0, dailyMeetingLimit: 8 },
    customEventTitles: { internal: { useCustomTitles: false }, external: { useCustomTitles: false } },
  };
}

function defaultReminders(): Rec {
  const ch = (enabled: boolean) => ({ enabled, virtualDuration: 10, inPersonDuration: 30 });
  return {
    level: 'agnt-events',
    smartReminders: true,
    recipient: { asOrganizer: 'only-me', asAttendee: 'only-me' },
    calendars: { read: ['primary'] },
    email: ch(true),
    appchatA: ch(false),
    teams: ch(false),
    desktop: ch(true),
    checkInAfter: 15,
  };
}

function defaultPreferences(): Rec {
  return {
    scheduling: defaultScheduling(),
    reminders: defaultReminders(),
    followups: { enabled: true, count: 2, interval: 3 },
    travel: { seatPreference: 'aisle', cabinClass: 'economy', mealPreference: '', airlinePreferences: [] },
    supervision: {
      mode: 'supervised',
      threadInclusion: 'supervised',
      visibility: 'cc',
      notifyOn: 'on_flag',
      reviewTimeout: 60,
      scope: 'user',
      matrix: null,
      matrixUpdatedAt: null,
      matrixSeededBy: 'system',
    },
  };
}

/** Deep merge of plain objects; arrays and scalars replace. */
export function deepMerge(base: unknown, patch: unknown): unknown {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Rec = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Rec) } : {};
  for (const [k, v] of Object.entries(patch as Rec)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    out[k] = deepMerge(out[k], v);
  }
  return out;
}

/** The preferences record of an identifier, made with defaults on first use. */
export function prefsRecord(store: Store, identifier: Rec): Rec {
  const existing = store.lookup('identifierPreferences', 'userIdentifier', identifier.id)[0];
  if (existing) return existing;
  return store.insert('identifierPreferences', 'ipf', { account: identifier.account, userIdentifier: identifier.id, preferences: defaultPreferences() });
}

function setPrefs(store: Store, rec: Rec, preferences: Rec): Rec {
  return store.update('identifierPreferences', rec.id, { preferences })!;
}

function primaryIdentifier(store: Store, u: Rec): Rec {
  const ids = store.lookup('identifiers', 'user', u.id);
  const p = ids.find((i) => i.primary) ?? ids[0];
  if (!p) notFound('primary identifier of user', u.id);
  return p!;
}

function target(store: Store, caller: Rec, id: string): Rec {
  return pathUser(store, caller, id, 'preferences');
}

function identifierOf(store: Store, caller: Rec, id: string): Rec {
  const i = store.get('identifiers', id);
  if (!i || i.account !== caller.account) notFound('identifier', id);
  if (!mayActFor(caller, i!.user ? store.get('users', i!.user) : undefined)) forbidden(`you may not access the preferences of identifier ${id}`);
  return i!;
}

function shapeCheck(value: unknown, shape: Shape, where: string): void {
  const problem = check(shape, value, { path: where })[0];
  if (problem) fail(400, describeProblem(problem), 'AGNT_E_VALIDATION');
}

// ---- the supervision matrix ----------------------------------------------------------------

/**
 * Cells locked above the user (organization level). The API shows them only as
 * parentLockedCells; how they are set is not in part 1, so the sandbox seeds them here.
 */
function parentLocks(store: Store, u: Rec): Record<string, Rec> {
  return (u.organization && store.meta.supervisionParentLocks?.[u.organization]) || {};
}

function matrixView(store: Store, u: Rec, sup: Rec): Rec {
  const m: Rec = sup.matrix ?? {};
  const cells = Object.fromEntries(CELLS.map((c) => [c, { mode: null, timeBoxedWindowMin: null, timeBoxedExpiry: null, undoDelaySec: null, ...(m[c] ?? {}) }]));
  return { ...cells, locked: m.locked ?? [], exceptions: m.exceptions ?? [], matrixUpdatedAt: sup.matrixUpdatedAt ?? null, parentLockedCells: Object.keys(parentLocks(store, u)) };
}

function refuseLoosening(store: Store, u: Rec, cell: string, mode: unknown, what: string): void {
  const lock = parentLocks(store, u)[cell];
  if (!lock || typeof mode !== 'string') return;
  if (loosens(mode, lock.mode)) {
    forbidden(`${what}: ${cell} is locked at '${lock.mode}' by the organization and cannot be loosened to '${mode}'`, 'AGNT_E_PARENT_LOCKED');
  }
}

function userSupervision(store: Store, u: Rec): { rec: Rec; sup: Rec } {
  const rec = prefsRecord(store, primaryIdentifier(store, u));
  return { rec, sup: rec.preferences.supervision ?? {} };
}

function saveSupervision(store: Store, rec: Rec, sup: Rec): void {
  setPrefs(store, rec, { ...rec.preferences, supervision: sup });
}

const area: SandboxArea = {
  name: 'preferences',
  seed(store) {
    // Acme requires manual review of e-mail sent as the assistant and time-boxed review of skills.
    store.meta.supervisionParentLocks = {
      org_acme: { email_as_assistant: { mode: 'manual' }, third_party_skills: { mode: 'time-boxed' } },
    };
  },
  register(r, sb) {
    const store = sb.store;
    store.ensureIndex('identifierPreferences', 'userIdentifier');

    r.get('/identifiers/{identifierId}/preferences', (req) => ok('preferences', prefsRecord(store, identifierOf(store, req.user, req.params.identifierId!))));

    r.get('/identifiers/{identifierId}/preferences/{skillName}', (req) => {
      const rec = prefsRecord(store, identifierOf(store, req.user, req.params.identifierId!));
      const skill = req.params.skillName!;
      return ok('skillPreferences', { skill, preferences: rec.preferences[skill] ?? {} });
    });

    r.put('/identifiers/{identifierId}/preferences/{skillName}', (req) => {
      const rec = prefsRecord(store, identifierOf(store, req.user, req.params.identifierId!));
      const b = bodyOf(req.body);
      const skill = req.params.skillName!;
      if (skill === '__proto__' || skill === 'constructor' || skill === 'prototype') fail(400, `invalid skill name '${skill}'`, 'AGNT_E_VALIDATION');
      const next = setPrefs(store, rec, { ...rec.preferences, [skill]: b.preferences });
      return ok('skillPreferences', { skill, preferences: next.preferences[skill] });
    });

    r.get('/users/{userId}/preferences/scheduling', (req) => {
      const u = target(store, req.user, req.params.userId!);
      return ok('schedulingPreferences', prefsRecord(store, primaryIdentifier(store, u)).preferences.scheduling ?? {});
    });

    r.put('/users/{userId}/preferences/scheduling', (req) => {
      const u = target(store, req.user, req.params.userId!);
      const b = bodyOf(req.body);
      shapeCheck(b.schedulingPreferences, schedulingShape, 'schedulingPreferences');
      const rec = prefsRecord(store, primaryIdentifier(store, u));
      setPrefs(store, rec, { ...rec.preferences, scheduling: b.schedulingPreferences });
      return ok('schedulingPreferences', b.schedulingPreferences);
    });

    r.get('/users/{userId}/preferences/reminders', (req) => {
      const u = target(store, req.user, req.params.userId!);
      return ok('reminderPreferences', prefsRecord(store, primaryIdentifier(store, u)).preferences.reminders ?? {});
    });

    r.patch('/users/{userId}/preferences/reminders', (req) => {
      const u = target(store, req.user, req.params.userId!);
      const b = bodyOf(req.body);
      shapeCheck(b.preferences, remindersShape, 'preferences');
      // Reminders are cross-identifier: the change goes to every identifier of the user.
      let result: unknown = {};
      const primary = primaryIdentifier(store, u);
      for (const i of store.filter('identifiers', (x) => x.user === u.id)) {
        const rec = prefsRecord(store, i);
        const merged = deepMerge(rec.preferences.reminders ?? {}, b.preferences);
        setPrefs(store, rec, { ...rec.preferences, reminders: merged });
        if (i.id === primary.id) result = merged;
      }
      return ok('reminderPreferences', result);
    });

    r.get('/users/{userId}/preferences/supervision/matrix', (req) => {
      const u = target(store, req.user, req.params.userId!);
      return ok('supervisionMatrix', matrixView(store, u, userSupervision(store, u).sup));
    });

    r.patch('/users/{userId}/preferences/supervision/matrix', (req) => {
      const u = target(store, req.user, req.params.userId!);
      const b = bodyOf(req.body);
      const patch = b.matrix as Rec;
      // Every user-level update is a user-scope update: locking is for the levels above.
      if (patch.locked !== undefined) fail(400, '`locked` is not allowed in a user-scope update', 'AGNT_E_VALIDATION');
      shapeCheck(patch, matrixShape, 'matrix');
      for (const cell of CELLS) if (patch[cell]?.mode !== undefined) refuseLoosening(store, u, cell, patch[cell].mode, 'matrix');
      const { rec, sup } = userSupervision(store, u);
      const merged = deepMerge(sup.matrix ?? {}, patch) as Rec;
      if (Array.isArray(patch.exceptions)) {
        merged.exceptions = patch.exceptions.map((e: Rec) => ({
          id: e.id ?? store.newId('rex'),
          label: null,
          timeBoxedWindowMin: null,
          timeBoxedExpiry: null,
          undoDelaySec: null,
          appliesTo: [],
          createdAt: store.now(),
          createdBy: req.user.id,
          ...e,
        }));
      }
      const next = { ...sup, matrix: merged, matrixUpdatedAt: store.now(), matrixSeededBy: null };
      saveSupervision(store, rec, next);
      // Chosen (the spec lists no audit actions): a matrix change is audited in the user's
      // organization, naming the cells it set, so that `agnt org drift` can say who set them.
      const fields = Object.keys(patch).filter((k) => CELLS.includes(k) || k === 'exceptions');
      recordEvent(store, u.organization, req.user, 'supervision_matrix.updated', 'user', u.id, { fields });
      return ok('supervisionMatrix', matrixView(store, u, next));
    });

    r.put('/users/{userId}/preferences/supervision/matrix/reset', (req) => {
      const u = target(store, req.user, req.params.userId!);
      const { rec, sup } = userSupervision(store, u);
      const next = { ...sup, matrix: null, matrixUpdatedAt: store.now(), matrixSeededBy: 'system' };
      saveSupervision(store, rec, next);
      return ok('supervisionMatrix', matrixView(store, u, next));
    });

    r.post('/users/{userId}/preferences/supervision/exceptions', (req) => {
      const u = target(store, req.user, req.params.userId!);
      const b = bodyOf(req.body);
      shapeCheck(b, exceptionShape, 'body');
      const { kind, value } = b.match as { kind: string; value: string };
      const valid: Record<string, RegExp> = {
        email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
        domain: /^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i,
        priority: /^-?\d+$/,
        internal: /^(true|false)$/,
        phone: /^\+?[\d\s().-]{5,}$/,
      };
      if (!EXCEPTION_KINDS.includes(kind as never) || value.trim() === '' || (valid[kind] && !valid[kind]!.test(value))) {
        fail(400, `invalid selector: '${value}' is not a valid ${kind}`, 'AGNT_E_INVALID_SELECTOR');
      }
      if (b.mode === 'time-boxed' && !(Number.isInteger(b.timeBoxedWindowMin) && b.timeBoxedWindowMin > 0)) {
        fail(400, 'a time-boxed exception needs timeBoxedWindowMin (a positive integer)', 'AGNT_E_VALIDATION');
      }
      const applies: string[] = Array.isArray(b.appliesTo) && b.appliesTo.length ? b.appliesTo : [...CELLS];
      for (const c of applies) {
        if (!CELLS.includes(c)) fail(400, `appliesTo: unknown cell '${c}'`, 'AGNT_E_VALIDATION');
        refuseLoosening(store, u, c, b.mode, 'exception');
      }
      const ex = {
        id: store.newId('rex'),
        label: b.label ?? null,
        match: { kind, value },
        mode: b.mode,
        timeBoxedWindowMin: b.timeBoxedWindowMin ?? null,
        timeBoxedExpiry: b.timeBoxedExpiry ?? null,
        undoDelaySec: b.undoDelaySec ?? null,
        appliesTo: b.appliesTo ?? [],
        createdAt: store.now(),
        createdBy: req.user.id,
      };
      const { rec, sup } = userSupervision(store, u);
      const m: Rec = sup.matrix ?? {};
      saveSupervision(store, rec, { ...sup, matrix: { ...m, exceptions: [...(m.exceptions ?? []), ex] }, matrixUpdatedAt: store.now() });
      recordEvent(store, u.organization, req.user, 'supervision_exception.created', 'user', u.id, { exceptionId: ex.id, match: ex.match });
      return ok('recipientException', ex, 201);
    });

    r.delete('/users/{userId}/preferences/supervision/exceptions/{exceptionId}', (req) => {
      const u = target(store, req.user, req.params.userId!);
      const { rec, sup } = userSupervision(store, u);
      const m: Rec = sup.matrix ?? {};
      const list: Rec[] = m.exceptions ?? [];
      if (!list.some((e) => e.id === req.params.exceptionId)) notFound('recipient exception', req.params.exceptionId);
      const gone = list.find((e) => e.id === req.params.exceptionId)!;
      saveSupervision(store, rec, { ...sup, matrix: { ...m, exceptions: list.filter((e) => e.id !== req.params.exceptionId) }, matrixUpdatedAt: store.now() });
      recordEvent(store, u.organization, req.user, 'supervision_exception.deleted', 'user', u.id, { exceptionId: gone.id, match: gone.match });
      return { status: 204 };
    });
  },
};

export default area;
