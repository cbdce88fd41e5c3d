// The supervision matrix (part 1, 2.11): its cells, modes and recipient exceptions, and the one
// rule both sides apply to parent locks: a locked cell may be made stricter, never looser.
import { arr, enumOf, idOf, int, nul, num, obj, ro, stamp, str, type ObjectShape, type Shape } from './shape.ts';

export const MATRIX_CELLS = [
  'email_as_user',
  'email_as_assistant',
  'messaging',
  'voice_call',
  'voice_call_as_assistant',
  'voice_call_as_user',
  'calendar',
  'files',
  'drive',
  'contacts',
  'third_party_skills',
  'website',
] as const;
export type MatrixCell = (typeof MATRIX_CELLS)[number];
export const CELL_MODES = ['auto', 'time-boxed', 'manual'] as const;
export const CELL_KEYS = ['mode', 'timeBoxedWindowMin', 'timeBoxedExpiry', 'undoDelaySec'] as const;
export const EXCEPTION_KINDS = ['tag', 'priority', 'company', 'contactId', 'email', 'domain', 'internal', 'phone', 'connection'] as const;
export const EXCEPTION_MODES = ['auto', 'time-boxed', 'manual', 'denied'] as const;
export const TIME_BOXED_EXPIRY = ['execute', 'cancel'] as const;

/** Strictness of a mode: loosening a cell means moving it to a lower rank. */
export const MODE_RANK: Readonly<Record<string, number>> = { auto: 0, 'time-boxed': 1, manual: 2, denied: 3 };

/** True when `mode` is looser than the mode a parent locked the cell at. */
export function loosens(mode: string, lockedAt: string): boolean {
  const a = MODE_RANK[mode];
  const b = MODE_RANK[lockedAt];
  return a !== undefined && b !== undefined && a < b;
}

export const cell: ObjectShape = obj({
  mode: nul(enumOf(CELL_MODES)),
  timeBoxedWindowMin: nul(num()),
  timeBoxedExpiry: nul(enumOf(TIME_BOXED_EXPIRY)),
  undoDelaySec: nul(num()),
});

const exceptionFields = {
  label: nul(str()),
  match: obj({ kind: enumOf(EXCEPTION_KINDS), value: str() }, { required: ['kind', 'value'], description: 'who it applies to' }),
  mode: enumOf(EXCEPTION_MODES),
  timeBoxedWindowMin: nul(int()),
  timeBoxedExpiry: nul(enumOf(TIME_BOXED_EXPIRY)),
  undoDelaySec: nul(int()),
  appliesTo: arr(enumOf(MATRIX_CELLS), { description: 'cells it applies to' }),
};

/** A recipient exception as the server returns it. */
export const recipientException: ObjectShape = obj({ id: ro(idOf('recipient-exceptions')), ...exceptionFields, createdAt: stamp(), createdBy: ro(nul(str())) }, { required: ['match', 'mode'] });

/**
 * A recipient exception inside a matrix update: the id names an existing one to keep; the
 * server sets createdAt and createdBy.
 */
const exceptionInMatrix: ObjectShape = obj({ id: idOf('recipient-exceptions'), ...exceptionFields, createdAt: stamp(), createdBy: ro(nul(str())) }, { required: ['match', 'mode'] });

const cells = Object.fromEntries(MATRIX_CELLS.map((c) => [c, cell])) as Record<MatrixCell, Shape>;

/** The matrix as returned (GET, and inside a delegation). */
export const supervisionMatrix: ObjectShape = obj({
  ...cells,
  locked: arr(enumOf(MATRIX_CELLS), { description: 'cells locked against loosening (not allowed in a user-scope update)' }),
  exceptions: arr(exceptionInMatrix),
  matrixUpdatedAt: stamp({ nullable: true }),
  parentLockedCells: ro(arr(enumOf(MATRIX_CELLS))),
});

/** The body of PATCH .../supervision/matrix: cells, locked and exceptions, deep-merged. */
export const matrixPatch: ObjectShape = obj({ ...cells, locked: supervisionMatrix.fields.locked!, exceptions: arr(exceptionInMatrix) });

/** The body of POST .../supervision/exceptions. */
export const exceptionCreate: ObjectShape = obj(exceptionFields, { required: ['match', 'mode'] });
