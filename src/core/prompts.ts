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

/** The prompts; `color` is whether agnt's colour rule allows colour (Context/IO `color`). */
export async function loadPrompts(color: boolean): Promise<Prompts> {
  const saved = { NO_COLOR: process.env.NO_COLOR, FORCE_COLOR: process.env.FORCE_COLOR };
  if (!color) {
    process.env.NO_COLOR = '1';
    delete process.env.FORCE_COLOR;
  }
  try {
    const [input, password, select, confirm, checkbox] = await Promise.all([
      import('@inquirer/input'),
      import('@inquirer/password'),
      import('@inquirer/select'),
      import('@inquirer/confirm'),
      import('@inquirer/checkbox'),
    ]);
    return { input: input.default, password: password.default, select: select.default, confirm: confirm.default, checkbox: checkbox.default };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
