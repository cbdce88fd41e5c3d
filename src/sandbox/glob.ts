// Path globs of fault rules and of `agnt sandbox requests --path`: `*` is any text within one
// path segment, `**` any text across segments.
export function globRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += '[^/]*';
    } else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * Whether a glob can match some path of a model's template ('/contacts/{contactId}'): segment by
 * segment, a parameter takes any segment of the glob. Lets a rule that can never fire be refused.
 */
export function globMatchesTemplate(glob: string, template: string): boolean {
  const g = glob.split('/').filter(Boolean);
  const t = template.split('/').filter(Boolean);
  const walk = (i: number, j: number): boolean => {
    if (i === g.length) return j === t.length;
    if (g[i] === '**') {
      for (let k = j; k <= t.length; k++) if (walk(i + 1, k)) return true;
      return false;
    }
    if (j === t.length) return false;
    const part = t[j]!;
    if (part.startsWith('{') || globRegExp(g[i]!).test(part)) return walk(i + 1, j + 1);
    return false;
  };
  return walk(0, 0);
}
