// yaml is CommonJS under Node; behind the bundle's dynamic import its functions may sit on
// `default`. One loader, so every caller gets the same module.
type YamlModule = typeof import('yaml');

let cached: YamlModule | undefined;

export async function loadYaml(): Promise<YamlModule> {
  if (!cached) {
    const mod = (await import('yaml')) as YamlModule & { default?: YamlModule };
    cached = typeof mod.stringify === 'function' ? mod : (mod.default as YamlModule);
  }
  return cached;
}
