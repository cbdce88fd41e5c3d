// The guardrails' write hook (core/write-hooks.ts): installed in Context.clientOptions, so every
// write a run sends, from any path (endpoint commands, `agnt api`, batch, imports, members sync,
// org apply, the MCP server's session clients), is checked before it is sent; a write a rule
// forbids throws a GuardrailViolation (exit 7) and nothing is sent. It is installed before the
// change journal's hook: a refused write is not journalled.
//
// Which rules: the document of the command itself (org plan/apply set them, runGuardrails()),
// else --guardrails FILE, else the profile's `guardrails` setting; none, and the hook does nothing.
import { readConfig } from '../config.ts';
import { currentHost, hostEnv } from '../host.ts';
import type { Requester } from '../request-spec.ts';
import type { WriteHook, WriteInfo } from '../write-hooks.ts';
// The checks load only when a run has rules: every command makes a context, few have guardrails.
import type { CheckState } from './check.ts';
import type { RuleSet } from './rules.ts';
import { REMOVALS } from './removals.ts';

const RUN = { key: 'guardrails' };

/** A write the guardrails refused (check.ts GuardrailViolation), told without loading the checks. */
export const isGuardrailRefusal = (e: unknown): boolean => e instanceof Error && e.name === 'GuardrailViolation';

/** The run's guardrails state: which rules, whether a signed plan approved the changes, deletes sent. */
export class GuardrailRun {
  /** Rules of the command's own document (org plan/apply); they win over the flag and the profile. */
  document?: RuleSet;
  /** The writes come from a plan a second admin signed (org apply --plan, batch --plan). */
  approved = false;
  /** Deletes this run has let through. */
  deletes = 0;
  private loaded?: Promise<RuleSet | undefined>;

  constructor(
    readonly profile: string,
    private readonly file: string | undefined,
  ) {}

  /** The rules in force: the command's document, else --guardrails FILE, else the profile's setting. */
  async rules(): Promise<RuleSet | undefined> {
    if (this.document) return this.document;
    this.loaded ??= this.load();
    return this.loaded;
  }

  /** The file the flag or the profile names, when the command has no document of its own. */
  configuredFile(): string | undefined {
    if (this.file) return this.file;
    try {
      return readConfig(hostEnv(), () => undefined).profiles?.[this.profile]?.guardrails || undefined;
    } catch {
      return undefined;
    }
  }

  private async load(): Promise<RuleSet | undefined> {
    const file = this.configuredFile();
    return file ? loadRules(file) : undefined;
  }

  /**
   * Runs `fn` (a command's writes) under its document's rules and a signed plan's approval, then
   * puts the run's back: an MCP session that planned from a document keeps its own rules after.
   */
  async within<T>(document: RuleSet | undefined, approved: boolean, fn: () => Promise<T>): Promise<T> {
    const was = { document: this.document, approved: this.approved };
    if (document) this.document = document;
    this.approved = approved;
    try {
      return await fn();
    } finally {
      this.document = was.document;
      this.approved = was.approved;
    }
  }

  /** Deletes the journal held for the last 24 hours when the run first asked (read once). */
  private dayBase?: number;

  /**
   * The state the checks read now. The day's count is the journal's before this run plus this
   * run's own deletes let through: writes sent at once are counted as they pass the check, where
   * the journal would hold them only once each one's intent is written.
   */
  async state(): Promise<CheckState> {
    // The journal loads here, once a run has rules: not at every command's start-up.
    const journal = await import('../change-journal.ts');
    return {
      now: Date.now(),
      runDeletes: this.deletes,
      approved: this.approved,
      dayDeletes: () => (this.dayBase ??= deletesToday(journal, this.profile)) + this.deletes,
    };
  }
}

/** The rules of a document (an organization document with a guardrails section). */
export async function loadRules(file: string): Promise<RuleSet | undefined> {
  const { loadDocument } = await import('../../workflows/org-as-code/document.ts');
  const { doc } = await loadDocument(file);
  return doc.guardrails ? { rules: doc.guardrails, file } : undefined;
}

/** Deletes and removals the profile's change journal holds for the last 24 hours. */
function deletesToday({ countWrites, journalDir }: typeof import('../change-journal.ts'), profile: string): number {
  return countWrites(journalDir(profile), new Date(Date.now() - 86_400_000), (r) => r.intent.method === 'DELETE' || REMOVALS.has(r.intent.endpoint ?? ''));
}

/** The run's guardrails (one per run, however many clients it makes). */
export function runGuardrails(settings: { profile: string; file?: string }): GuardrailRun {
  const host = currentHost();
  let run = host.locals.get(RUN) as GuardrailRun | undefined;
  if (!run) {
    run = new GuardrailRun(settings.profile, settings.file);
    host.locals.set(RUN, run);
  }
  return run;
}

class GuardrailHook implements WriteHook {
  constructor(private readonly run: GuardrailRun) {}

  async before(write: WriteInfo, client: Requester): Promise<undefined> {
    const rs = await this.run.rules();
    if (!rs) return undefined;
    const [{ touchOfRequest }, { enforce, isDelete }] = await Promise.all([import('./touch.ts'), import('./check.ts')]);
    const touch = await touchOfRequest(write, client, rs);
    enforce(rs, [touch], await this.run.state());
    if (isDelete(touch)) this.run.deletes++;
    return undefined;
  }
}

/** The hook for Context.clientOptions. */
export function guardrailHooks(settings: { profile: string; file?: string }): WriteHook[] {
  return [new GuardrailHook(runGuardrails(settings))];
}
