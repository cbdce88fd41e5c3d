// Items grouped by a key, in the order each key first appears (Map.groupBy, which Node 20 lacks).

export function groupBy<T>(items: Iterable<T>, key: (x: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const x of items) {
    const k = key(x);
    const list = map.get(k);
    if (list) list.push(x);
    else map.set(k, [x]);
  }
  return map;
}
