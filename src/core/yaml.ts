// yaml is CommonJS: in the minified, code-split bundle esbuild offers its exports only on
// `default`, so the named exports of import('yaml') are undefined there.
type Yaml = typeof import('yaml');

export async function loadYaml(): Promise<Yaml> {
  const mod = await import('yaml');
  return typeof mod.stringify === 'function' ? mod : (mod as unknown as { default: Yaml }).default;
}
