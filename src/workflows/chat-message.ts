// `chats send` and `chats process`: the message text may come from --content, --content-file
// or stdin (--content -), which the plain builder cannot express.
import { readFileSync } from 'node:fs';
import { requestFor } from '../core/endpoint-request.ts';
import type { Handler, Invocation } from '../core/spec.ts';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { escapeControls } from '../core/output.ts';

const MESSAGE_KEYS = ['content', 'from', 'to', 'cc', 'subject', 'platform', 'referenceId', 'files', 'metadata'];

/** --content-file. */
type ContentOptions = { contentFile?: string };

async function resolveContent(ctx: Context, inv: Invocation<ContentOptions>, given: unknown): Promise<string> {
  const file = inv.opts.contentFile;
  if (file !== undefined && given !== undefined) throw new UsageError('give --content or --content-file, not both');
  let text: unknown = given;
  if (file !== undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`--content-file ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    }
  } else if (given === '-') text = await ctx.io.readStdin();
  if (typeof text !== 'string' || text.trim() === '') throw new UsageError('the message has no content: give --content TEXT, --content-file PATH or --content - (stdin)');
  // A trailing newline comes from `echo` or an editor, not from the author.
  return text.replace(/\r?\n$/, '');
}

export const sendMessage: Handler<ContentOptions> = async (ctx, inv) => {
  const body = { ...(inv.body ?? {}) };
  body.content = await resolveContent(ctx, inv, body.content);
  const res = await ctx.client().request(requestFor(inv.spec.endpoint, { params: inv.args, body }));
  if (res.dryRun) return;
  return { data: res.data };
};

/** Flags and a body in either shape ({content, ...} or the API's {message: {...}}) become the API's body. */
export const processMessage: Handler<ContentOptions> = async (ctx, inv) => {
  const flat = inv.body ?? {};
  const nested = (flat.message ?? {}) as Record<string, unknown>;
  const message: Record<string, unknown> = { ...nested };
  for (const k of MESSAGE_KEYS) if (flat[k] !== undefined) message[k] = flat[k];
  message.content = await resolveContent(ctx, inv, message.content);
  const body: Record<string, unknown> = { message };
  if (flat.triggeringActivityId !== undefined) body.triggeringActivityId = flat.triggeringActivityId;
  const res = await ctx.client().request(requestFor(inv.spec.endpoint, { params: inv.args, body }));
  if (res.dryRun) return;
  const data = res.data as { message?: { content?: string; from?: string }; taskIds?: string[]; processing?: { status?: string } };
  const lines: string[] = [];
  if (data.message?.content !== undefined) lines.push(`${data.message.from ?? 'assistant'}: ${data.message.content}`);
  if (data.taskIds?.length) lines.push(`tasks: ${data.taskIds.join(', ')}`);
  if (data.processing?.status) lines.push(`processing: ${data.processing.status}`);
  return { data, text: lines.map(escapeControls).join('\n') };
};
