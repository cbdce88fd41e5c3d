// The sandbox's control namespace (/_sandbox/...): the clock, snapshots, fault rules, the journal
// of requests, status and stop, for `agnt sandbox ...` verbs. It is not part of the platform API
// (no endpoint of the model, never in the OpenAPI document) and takes only the control token made
// at start: a platform token, even an admin's, is refused.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Clock } from './clock.ts';
import { checkRule, Faults, type FaultRule } from './faults.ts';
import { HttpError, type Reply } from './http.ts';
import { Journal } from './journal.ts';
import { Snapshots } from './snapshots.ts';
import type { LoggedRequest, Sandbox } from './types.ts';
import type { Store } from './store.ts';
import { STATUS_CODES as STATUS_TEXT } from 'node:http';

export { CONTROL_PREFIX } from './control-prefix.ts';
import { seedOrganizations, seedOrgId, tokensForAll } from './seed-doc.ts';
import { makeUser } from './model.ts';
import { provisionedIdentifier } from './areas/identifiers.ts';
import { CONTROL_PREFIX } from './control-prefix.ts';
import { cloneContacts, cloneCoverage } from './clone-extras.ts';

type Rec = Record<string, any>;

export interface BenchOptions {
  /** The clock's start (ms since the epoch); the wall clock without it. */
  clockStart?: number;
  /** Sandbox ms per wall ms (0 frozen); default frozen with clockStart, else 1. */
  clockRate?: number;
  /** Fault rules installed at start (as a rules file holds them). */
  faults?: unknown[];
}

export class Bench {
  readonly controlToken = `agnt_sbx_control_${randomBytes(18).toString('base64url')}`;
  readonly clock: Clock;
  readonly faults = new Faults();
  readonly journal = new Journal();
  readonly snapshots: Snapshots;
  /** Asks the process that runs the sandbox to stop it (set by `agnt sandbox start`). */
  onStop?: () => void;
  private sb!: Sandbox;

  /** Made before the state is seeded, so that the seed is stamped on this clock. */
  constructor(
    store: Store,
    private opts: BenchOptions,
  ) {
    const kept = store.meta.sandboxClock as { now: number; rate: number } | undefined;
    // A data file keeps a clock that was moved; --clock given again wins.
    this.clock = opts.clockStart === undefined && kept ? new Clock(kept.now, kept.rate) : new Clock(opts.clockStart, opts.clockRate);
    store.clock = () => this.clock.now();
    this.snapshots = new Snapshots(store.file);
  }

  /** Once the routes are registered: the rules of a rules file are checked against them. */
  attach(sb: Sandbox): void {
    this.sb = sb;
    const rules = (this.opts.faults ?? []).map((r) => this.checkRule(r));
    for (const r of rules) this.faults.add(r);
  }

  /**
   * The answer of a fault rule: after its delay, its status (with Retry-After), a dropped
   * connection, or (a delay alone) the real answer, late.
   */
  answerFault(rule: FaultRule, req: IncomingMessage, res: ServerResponse, log: LoggedRequest, query: Record<string, string>, serve: () => Reply | Promise<Reply>): Promise<Reply> {
    const late = rule.delay ? new Promise<void>((resolve) => setTimeout(resolve, rule.delay)) : Promise.resolve();
    // A delay alone: the request is left unread, for the real answer to read it whole.
    if (!rule.status && !rule.reset) return late.then(serve);
    // The body is read (so that the answer is not sent into an unread request) and journaled.
    const chunks: Buffer[] = [];
    const drained = new Promise<void>((resolve) => {
      if (req.readableEnded) return resolve();
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve());
      req.on('error', () => resolve());
      req.on('close', () => resolve());
    }).then(() => {
      if (chunks.length) log.raw = Buffer.concat(chunks);
    });
    return Promise.all([drained, late]).then(() => {
      if (rule.reset) {
        this.record(log, query);
        res.socket?.destroy();
        // Never answered: the connection is gone.
        return new Promise<Reply>(() => undefined);
      }
      const status = rule.status!;
      return {
        status,
        headers: rule.retryAfter !== undefined ? { 'retry-after': String(Math.ceil(rule.retryAfter)) } : undefined,
        body: { status, error_code: status === 429 ? 'AGNT_E_RATE_LIMITED' : 'AGNT_E_UNAVAILABLE', error: `${STATUS_TEXT[status] ?? 'error'} (sandbox fault rule ${rule.id})` },
      };
    });
  }

  private checkRule(raw: unknown): Omit<FaultRule, 'id' | 'hits'> {
    const store = this.sb.store;
    return checkRule(
      raw,
      this.sb.router.list().filter((e) => e.id),
      (who) => (store.get('users', who) ?? store.lookup('users', 'email', who)[0])?.id,
    );
  }

  private userOf(auth: string | undefined): string | undefined {
    const token = auth ? /^Bearer\s+(\S+)$/i.exec(auth)?.[1] : undefined;
    return token ? this.sb.store.meta.tokens?.[token]?.userId : undefined;
  }

  /** The fault rule that answers this request, if one fires. */
  faultFor(method: string, path: string, auth: string | undefined, query: Record<string, string>): FaultRule | undefined {
    if (!this.faults.size) return undefined;
    return this.faults.match(
      method,
      path,
      () => {
        const m = this.sb.router.matchPath(method, path);
        return m && m !== 'method' ? m.route.endpoint?.id : undefined;
      },
      () => this.userOf(auth),
      query,
    );
  }

  /** Writes a served request to the journal. */
  record(log: LoggedRequest, query: Record<string, string>): void {
    this.journal.record({
      time: this.sb.store.now(),
      method: log.method,
      path: log.path,
      query,
      raw: log.raw,
      status: log.status,
      user: this.userOf(log.authorization) ?? null,
      fault: log.fault ?? null,
      session: log.session ?? null,
    });
  }

  /** Serves one request of the control namespace. */
  serve(req: IncomingMessage, res: ServerResponse, method: string, path: string, query: Record<string, string>): void {
    const reply = (r: Reply) => {
      const text = JSON.stringify(r.body);
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    const failed = (e: unknown) => {
      if (e instanceof HttpError) reply({ status: e.status, body: { status: e.status, error_code: e.code, error: e.message } });
      else reply({ status: 500, body: { status: 500, error_code: 'AGNT_E_INTERNAL', error: String((e as Error).message ?? e) } });
    };
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      // Control bodies are a rule or a name: anything this large is not one.
      if (size > 1024 * 1024) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      try {
        this.authorize(req.headers.authorization);
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: Rec = {};
        if (raw) {
          try {
            body = JSON.parse(raw);
          } catch {
            throw new HttpError(400, 'the request body is not valid JSON', 'AGNT_E_INVALID_JSON');
          }
        }
        let parts: string[];
        try {
          parts = path.slice(CONTROL_PREFIX.length).split('/').map(decodeURIComponent);
        } catch {
          throw new HttpError(400, 'the path is not valid percent-encoding', 'AGNT_E_INVALID_REQUEST');
        }
        const out = this.route(method, parts, query, body, res);
        if (out instanceof Promise) out.then(reply, failed);
        else reply(out);
      } catch (e) {
        failed(e);
      }
    });
  }

  private authorize(auth: string | undefined): void {
    const token = auth ? /^Bearer\s+(\S+)$/i.exec(auth)?.[1] : undefined;
    if (!token) throw new HttpError(401, 'the sandbox control namespace needs the control token printed at start', 'AGNT_E_UNAUTHORIZED');
    const a = Buffer.from(token);
    const b = Buffer.from(this.controlToken);
    if (a.length === b.length && timingSafeEqual(a, b)) return;
    if (this.sb.store.meta.tokens?.[token]) throw new HttpError(403, 'a platform token cannot use the sandbox control namespace; use the control token printed at start', 'AGNT_E_FORBIDDEN');
    throw new HttpError(401, 'not the control token of this sandbox', 'AGNT_E_UNAUTHORIZED');
  }

  private route(method: string, parts: string[], query: Record<string, string>, body: Rec, res: ServerResponse): Reply | Promise<Reply> {
    const [what, name, action] = parts;
    const key = `${method} ${what}${name !== undefined ? '/:name' : ''}${action !== undefined ? `/${action}` : ''}`;
    switch (key) {
      case 'GET status':
        return { body: this.status() };
      case 'GET clock':
        return { body: { clock: this.clock.view() } };
      case 'POST clock':
        return { body: { clock: this.moveClock(body) } };
      case 'GET snapshots':
        return { body: { snapshots: this.snapshots.list() } };
      case 'POST snapshots':
        return { status: 201, body: { snapshot: this.saveSnapshot(String(body.name ?? '')) } };
      case 'POST snapshots/:name/restore':
        return { body: { snapshot: this.restoreSnapshot(name!) } };
      case 'DELETE snapshots/:name':
        this.snapshots.delete(name!);
        return { body: { deleted: name } };
      case 'GET faults':
        return { body: { faults: this.faults.list() } };
      case 'POST faults': {
        // Every rule is checked before any is added: a bad file changes nothing.
        const rules = (Array.isArray(body.rules) ? body.rules : [body]).map((r: unknown) => this.checkRule(r));
        return { status: 201, body: { faults: rules.map((r: Omit<FaultRule, 'id' | 'hits'>) => this.faults.add(r)) } };
      }
      case 'DELETE faults':
        this.faults.clear();
        return { body: { faults: [] } };
      case 'DELETE faults/:name':
        if (!this.faults.clear(name)) throw new HttpError(404, `no fault rule '${name}' (agnt sandbox fault list)`, 'AGNT_E_NOT_FOUND');
        return { body: { deleted: name } };
      case 'GET requests':
        return this.requests(query, res);
      // `agnt sandbox clone`: a new organization with its admin (and the default assistant its
      // document names), then, once the document is applied, a token for every member.
      case 'POST organizations':
        return { status: 201, body: this.cloneTarget(body) };
      case 'POST organizations/:name/members':
        return { status: 201, body: this.cloneMembers(name!, body) };
      case 'POST organizations/:name/teams':
        return { status: 201, body: this.cloneTeams(name!, body) };
      case 'POST organizations/:name/contacts':
        return { status: 201, body: cloneContacts(this.sb.store, name!, body) };
      case 'POST organizations/:name/coverage':
        return { status: 201, body: cloneCoverage(this.sb.store, name!, body) };
      case 'POST tokens':
        tokensForAll(this.sb.store);
        return { body: { users: this.sb.store.size('users') } };
      case 'POST stop':
        // Answered first; the process stops once the answer is out.
        res.once('finish', () => this.onStop?.());
        // Its pid, so that `agnt sandbox stop` can return once the process has exited.
        return { body: { stopping: true, ...(this.onStop ? { pid: process.pid } : {}) } };
    }
    throw new HttpError(404, `no such control request: ${method} ${CONTROL_PREFIX}${parts.join('/')}`, 'AGNT_E_NOT_FOUND');
  }

  private cloneTarget(body: Rec): Rec {
    const store = this.sb.store;
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const admin = typeof body.admin === 'string' ? body.admin.trim().toLowerCase() : '';
    if (!name || !/^[^@\s]+@[^@\s]+$/.test(admin)) throw new HttpError(400, "an organization needs a name and its admin's e-mail", 'AGNT_E_VALIDATION');
    const id = seedOrgId(name);
    if (store.get('organizations', id)) throw new HttpError(409, `organization ${id} is already in this sandbox (clone into a fresh sandbox, or restore a snapshot taken before)`, 'AGNT_E_CONFLICT');
    if (store.lookup('users', 'email', admin).length) throw new HttpError(409, `a user with e-mail ${admin} is already in this sandbox`, 'AGNT_E_CONFLICT');
    seedOrganizations(store, [{ name, adminEmail: admin, assistant: typeof body.assistant === 'string' ? body.assistant : null }]);
    store.update('organizations', id, { clone: true });
    const token = Object.entries(store.meta.tokens as Record<string, { userId: string }>).find(([, v]) => store.get('users', v.userId)?.email === admin)![0];
    return { organization: id, token };
  }

  /**
   * Members of a cloned organization, made as `POST /organizations/{id}/members` makes them (a
   * user of the organization with its primary identifier, not yet registered), many per request:
   * a clone of thousands of members is otherwise one request each. Their teams, roles in teams
   * and everything else come from the document, applied after. Only a clone's own organization.
   */
  private cloneMembers(orgId: string, body: Rec): Rec {
    const store = this.sb.store;
    const org = store.get('organizations', orgId);
    if (!org?.clone) throw new HttpError(404, `no organization ${orgId} made by a clone`, 'AGNT_E_NOT_FOUND');
    const members = Array.isArray(body.members) ? body.members : [];
    let made = 0;
    for (const m of members) {
      const email = typeof m?.email === 'string' ? m.email.trim().toLowerCase() : '';
      const role = ['admin', 'member', 'guest'].includes(m?.role) ? m.role : 'member';
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new HttpError(400, `not an e-mail address: ${JSON.stringify(m?.email)}`, 'AGNT_E_VALIDATION');
      if (store.lookup('users', 'email', email).length) continue;
      provisionedIdentifier(store, makeUser(store, { email, account: org.account, organization: org.id, organizationRole: role, registered: false }));
      made++;
    }
    return { organization: orgId, made };
  }

  /**
   * Teams of a cloned organization and their members, as `POST /teams` and `POST
   * /teams/{id}/members` make them (a team of the organization; each member moved into it with
   * its role, the owner its owner, an inactive one inactive), many per request. A team named again
   * (a later slice of its members) is the same team. Everything else comes from the document.
   */
  private cloneTeams(orgId: string, body: Rec): Rec {
    const store = this.sb.store;
    const org = store.get('organizations', orgId);
    if (!org?.clone) throw new HttpError(404, `no organization ${orgId} made by a clone`, 'AGNT_E_NOT_FOUND');
    let moved = 0;
    for (const t of Array.isArray(body.teams) ? body.teams : []) {
      const name = typeof t?.name === 'string' ? t.name.trim() : '';
      if (!name) throw new HttpError(400, 'a team needs a name', 'AGNT_E_VALIDATION');
      const team =
        store.find('teams', (x) => x.organization === org.id && x.name.toLowerCase() === name.toLowerCase()) ??
        store.insert('teams', 'team', { account: org.account, name, organization: org.id, status: 'active', brandingOnEvents: false, brandingOnMessages: false, owner: null });
      for (const m of Array.isArray(t.members) ? t.members : []) {
        const user = store.lookup('users', 'email', String(m?.email ?? '').toLowerCase())[0];
        if (!user || user.organization !== org.id) throw new HttpError(400, `${m?.email} is not a member of ${org.id}`, 'AGNT_E_VALIDATION');
        const role = ['owner', 'admin', 'member'].includes(m.role) ? m.role : 'member';
        store.update('users', user.id, { team: team.id, teamRole: role, teamStatus: m.status === 'inactive' ? 'inactive' : undefined });
        if (role === 'owner') store.update('teams', team.id, { owner: user.id });
        moved++;
      }
    }
    return { organization: orgId, moved };
  }

  status(): Rec {
    const store = this.sb.store;
    const collections: Record<string, number> = {};
    for (const n of store.collectionNames().sort()) collections[n] = store.size(n);
    return {
      url: this.sb.baseUrl,
      clock: this.clock.view(),
      dataFile: store.file ?? null,
      collections,
      snapshots: this.snapshots.list().map((s) => s.name),
      faults: this.faults.list(),
      requests: { kept: this.journal.size, lastId: this.journal.lastId },
    };
  }

  /** The latest time a stored record carries (createdAt, updatedAt): the clock may not go back past it. */
  private latestRecord(): number {
    const store = this.sb.store;
    let latest = Number.NEGATIVE_INFINITY;
    for (const name of store.collectionNames()) {
      for (const r of store.values(name)) {
        for (const t of [r.createdAt, r.updatedAt]) {
          if (typeof t !== 'string') continue;
          const ms = Date.parse(t);
          if (ms > latest) latest = ms;
        }
      }
    }
    return latest;
  }

  private moveClock(body: Rec): Rec {
    const now = this.clock.now();
    let to = now;
    if (body.set !== undefined) {
      to = typeof body.set === 'string' ? Date.parse(body.set) : Number.NaN;
      if (Number.isNaN(to)) throw new HttpError(400, `cannot read '${body.set}' as a time (give an ISO 8601 time, e.g. 2026-12-01T09:00:00Z)`, 'AGNT_E_VALIDATION');
    }
    if (body.advance !== undefined) {
      if (typeof body.advance !== 'number' || !Number.isFinite(body.advance) || body.advance < 0) throw new HttpError(400, 'advance is a positive number of milliseconds', 'AGNT_E_VALIDATION');
      to += body.advance;
    }
    let rate = this.clock.rate;
    if (body.rate !== undefined) {
      if (typeof body.rate !== 'number' || !(body.rate >= 0) || body.rate > 1_000_000) throw new HttpError(400, 'rate is a number from 0 (frozen) to 1000000', 'AGNT_E_VALIDATION');
      rate = body.rate;
    }
    if (to < now) {
      const latest = this.latestRecord();
      if (to < latest)
        throw new HttpError(
          409,
          `the clock cannot go back to ${new Date(to).toISOString()}: stored records are as late as ${new Date(latest).toISOString()} (restore a snapshot taken earlier instead)`,
          'AGNT_E_CLOCK_BACKWARDS',
        );
    }
    this.clock.set(to, rate);
    this.keepClock();
    return this.clock.view();
  }

  /** With a data file the clock is part of the state, so a restart resumes it. */
  private keepClock(): void {
    this.sb.store.meta.sandboxClock = { now: this.clock.now(), rate: this.clock.rate };
    this.sb.store.touch();
  }

  private saveSnapshot(name: string): Rec {
    const store = this.sb.store;
    let records = 0;
    for (const n of store.collectionNames()) records += store.size(n);
    const info = { name, clock: new Date(this.clock.now()).toISOString(), rate: this.clock.rate, records };
    this.keepClock();
    this.snapshots.save(info, store.chunks());
    return info;
  }

  private restoreSnapshot(name: string): Rec {
    const { info, chunks } = this.snapshots.load(name);
    const store = this.sb.store;
    // Tokens stay valid across a restore: the server holds this very object.
    const tokens = store.meta.tokens;
    store.replaceState(chunks);
    store.meta.tokens = Object.assign(tokens, store.meta.tokens);
    this.clock.set(Date.parse(info.clock), info.rate);
    this.keepClock();
    return info;
  }

  private async requests(query: Record<string, string>, res: ServerResponse): Promise<Reply> {
    const since = query.since !== undefined ? Number(query.since) : undefined;
    if (since !== undefined && !(Number.isInteger(since) && since >= 0)) throw new HttpError(400, `since must be a request id, got '${query.since}'`, 'AGNT_E_VALIDATION');
    const filter = { since, method: query.method, path: query.path, limit: query.limit ? Number(query.limit) : undefined };
    let items = this.journal.list(filter);
    const wait = Number(query.wait ?? 0);
    if (!items.length && wait > 0) {
      // A long poll for --follow: answered as soon as a request arrives, or empty after `wait`.
      const gone = new AbortController();
      res.once('close', () => gone.abort());
      await this.journal.waitForNext(Math.min(wait, 60) * 1000, gone.signal);
      items = this.journal.list(filter);
    }
    return { body: { requests: items, lastId: this.journal.lastId } };
  }
}
