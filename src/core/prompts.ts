// The interactive prompts, each from its own @inquirer package: @inquirer/prompts re-exports
// every prompt, and bundling it brought @inquirer/editor and, through it, iconv-lite's code
// tables (480 KB) that agnt never runs. Loaded under agnt's colour rule: inquirer's colours
// (yoctocolors) follow only NO_COLOR, FORCE_COLOR and TERM, decided when the module loads, so
// --no-color and CI=1 are passed to it as NO_COLOR for the time of that load.
export interface Prompts {
  input: typeof import('@inquirer/input').default;
  password: typeof import('@inquirer/password').default;
  select: typeof import('@inquirer/select').default;
  confirm: typeof import('@inquirer/confirm').default;
  checkbox: typeof import('@inquirer/checkbox').default;
}

const LOADERS: { [K in keyof Prompts]: () => Promise<{ default: Prompts[K] }> } = {
  input: () => import('@inquirer/input'),
  password: () => import('@inquirer/password'),
  select: () => import('@inquirer/select'),
  confirm: () => import('@inquirer/confirm'),
  checkbox: () => import('@inquirer/checkbox'),
};

/**
 * The prompts named (every one when none is named), each package loaded only when named: a y/N
 * question needs input alone. `color` is whether agnt's colour rule allows colour (Context/IO `color`).
 */
export async function loadPrompts<K extends keyof Prompts = keyof Prompts>(color: boolean, names: readonly K[] = Object.keys(LOADERS) as K[]): Promise<Pick<Prompts, K>> {
  const saved = { NO_COLOR: process.env.NO_COLOR, FORCE_COLOR: process.env.FORCE_COLOR };
  if (!color) {
    process.env.NO_COLOR = '1';
    delete process.env.FORCE_COLOR;
  }
  try {
    const loaded = await Promise.all(names.map(async (n) => [n, (await LOADERS[n]()).default] as const));
    return Object.fromEntries(loaded) as unknown as Pick<Prompts, K>;
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
