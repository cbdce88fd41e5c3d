// The MCP stdio transport: one JSON-RPC message a line. The SDK's own transport drops a line that
// is not JSON without a word, and closes the whole session (the process then exits 0) when one
// message passes its 10 MB buffer. JSON-RPC 2.0 says a server answers both: -32700 for a line that
// is not JSON, -32600 for one that is not a request object. Here a message over MAX_MESSAGE is
// answered -32600 and skipped up to its end, its bytes never held, and the session goes on.
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The longest message read (a tool's input is small; a plan's body is at most a few MB). */
export const MAX_MESSAGE = 16 * 1024 * 1024;

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

type Id = string | number | null;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private held = 0;
  /** Inside a line already over MAX_MESSAGE: its bytes are dropped up to the next newline. */
  private skipping = false;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly max = MAX_MESSAGE,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    let from = 0;
    for (;;) {
      const nl = chunk.indexOf(10, from);
      const end = nl < 0 ? chunk.length : nl;
      if (!this.skipping) {
        const part = chunk.subarray(from, end);
        if (this.held + part.length > this.max) {
          this.chunks = [];
          this.held = 0;
          this.skipping = true;
          this.refuse(null, INVALID_REQUEST, `Invalid Request: a message is over the ${this.max / 1024 / 1024} MB limit; it was not read`);
        } else if (part.length) {
          this.chunks.push(part);
          this.held += part.length;
        }
      }
      if (nl < 0) return;
      if (this.skipping) this.skipping = false;
      else this.line(Buffer.concat(this.chunks, this.held).toString('utf8').replace(/\r$/, ''));
      this.chunks = [];
      this.held = 0;
      from = nl + 1;
    }
  };

  private readonly onEnd = () => void this.close();

  private line(text: string): void {
    if (!text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      this.refuse(null, PARSE_ERROR, `Parse error: ${(e as Error).message}`);
      return;
    }
    const id = idOf(value);
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      this.refuse(null, INVALID_REQUEST, 'Invalid Request: a message must be a JSON object (batches are not part of MCP)');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      // A response or notification that is malformed gets no answer (there is nobody to tell).
      if ('method' in value && id !== undefined) this.refuse(id, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 request');
      else if (!('method' in value) && !('result' in value) && !('error' in value)) this.refuse(id ?? null, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(id: Id, code: number, message: string): void {
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', (e: Error) => this.onerror?.(e));
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.chunks = [];
    this.onclose?.();
  }
}

function idOf(v: unknown): Id | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const id = (v as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : id === null ? null : undefined;
}
