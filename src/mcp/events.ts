// The events of the Streamable HTTP streams, kept so that a client whose stream broke can resume
// it (Last-Event-ID) instead of losing an answer. With an event store the SDK opens each stream with
// a priming event (an id, and the `retry:` interval a client waits before it reconnects), which
// the MCP specification asks of a resumable server. Bounded: the last EVENTS_KEPT events of the
// session, which is what a client reconnecting after a dropped connection needs.
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const EVENTS_KEPT = 256;
/** How long a client waits before it reconnects a broken stream (ms). */
export const RETRY_MS = 1000;

interface Kept {
  id: string;
  stream: string;
  message: JSONRPCMessage;
}

export class RecentEvents implements EventStore {
  private events: Kept[] = [];
  private next = 0;

  async storeEvent(stream: string, message: JSONRPCMessage): Promise<string> {
    const id = `${stream}_${++this.next}`;
    this.events.push({ id, stream, message });
    if (this.events.length > EVENTS_KEPT) this.events.splice(0, this.events.length - EVENTS_KEPT);
    return id;
  }

  async getStreamIdForEventId(id: string): Promise<string | undefined> {
    return this.events.find((e) => e.id === id)?.stream;
  }

  async replayEventsAfter(lastId: string, { send }: { send: (id: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const at = this.events.findIndex((e) => e.id === lastId);
    if (at < 0) return '';
    const stream = this.events[at]!.stream;
    // The priming event's message is empty ({}): nothing to send again.
    for (const e of this.events.slice(at + 1)) if (e.stream === stream && Object.keys(e.message).length) await send(e.id, e.message);
    return stream;
  }
}
