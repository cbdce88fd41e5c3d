// The shape of a built-in command (auth, config, sandbox, api, batch, inbox, wait, commands,
// completion) as data: the same catalogue entry as an endpoint command's record (words, aliases,
// summary, description, positionals, flags, endpoints, examples), with a runner that loads its
// implementation when it runs. src/builtin/declare.ts turns records into commander commands;
// help, completion, `agnt commands` and the reference (docs/commands.md) all read them.
import type { Command } from 'commander';
import type { EndpointId } from '../api/ids.ts';
import { ROUTES } from '../api/routes.ts';
import type { Context } from '../core/context.ts';
import type { Outcome } from '../core/outcome.ts';
import type { Format } from '../core/output.ts';

export interface BuiltinArg {
  name: string;
  description: string;
  /** Default true. */
  required?: boolean;
  variadic?: boolean;
  /** Checked by commander before the command runs. */
  choices?: readonly string[];
  /** The values it takes, for completion (the implementation checks them, in its own words). */
  values?: readonly string[];
  /** The value names a local file (completion offers paths). */
  file?: boolean;
}

export interface BuiltinOption {
  /** commander flag syntax: '--port <n>', '--no-profile'. */
  flags: string;
  description: string;
  default?: string;
  /** The values it takes, for help and completion (the implementation checks them). */
  values?: readonly string[];
  /** The value names a local file. */
  file?: boolean;
  /** Each use adds a value to a list. */
  repeatable?: boolean;
}

/**
 * An endpoint a built-in calls: its id in the model (src/api). Help shows its method and path
 * ('GET /users/me') from src/api/routes.ts, generated from the model: help is built at start-up,
 * before any model loads.
 */
export interface BuiltinEndpoint {
  id: EndpointId;
  /** When it is called, in a few words ('role backup, manager, primary'). */
  note?: string;
}

/** What the runner receives: the positionals in order, the command's own flags, the program. */
export interface BuiltinCall {
  args: unknown[];
  opts: Record<string, unknown>;
  program: Command;
}

export interface BuiltinRecord {
  /** Words after `agnt`: 'config set'. */
  command: string;
  aliases?: readonly string[];
  summary: string;
  description?: string;
  args?: readonly BuiltinArg[];
  options?: readonly BuiltinOption[];
  /** The endpoints it calls; none for a command that works locally. */
  endpoints?: readonly BuiltinEndpoint[];
  /** Said in help instead of endpoints when they depend on the command line (api, batch). */
  endpointsNote?: string;
  examples: readonly string[];
  hidden?: boolean;
  /** What its group runs when no verb is given (`agnt sandbox clock` is `sandbox clock show`). */
  isDefault?: boolean;
  /** Passes every word through unparsed (`__complete`). */
  raw?: boolean;
  /**
   * The only output formats it writes, the first its default when no flag names one (`api spec`:
   * yaml, json); another is refused before it runs, as for an endpoint command's record.
   */
  formats?: readonly Format[];
  /** Prints nothing of its own where it can: an Outcome it returns goes through the presenter. */
  run: (ctx: Context, call: BuiltinCall) => Promise<Outcome | undefined | void>;
}

/** A word that groups built-ins (`auth`, `config`): its help, with no action of its own. */
export interface BuiltinGroup {
  command: string;
  summary: string;
  description: string;
}

/** 'GET /users/me': the endpoint's method and path, as help and the catalogue show them. */
export const routeOf = (e: BuiltinEndpoint): string => ROUTES[e.id];
