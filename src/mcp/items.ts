/** The records of a list answer (a record alone, or none, as a list). */
export function itemsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (data === null || data === undefined) return [];
  return [data];
}
