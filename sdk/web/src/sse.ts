/**
 * An incremental parser for `text/event-stream` (the WHATWG server-sent events format):
 * feed it text as it arrives, in chunks cut anywhere, and it returns the complete events.
 *
 * - Lines end with LF, CRLF or CR (a CRLF cut between two chunks counts once).
 * - A blank line dispatches the event; an event with no `data` is not dispatched.
 * - `data:` lines are joined with LF; `event:` sets the type ('message' by default);
 *   `id:` sets the last event id (kept across events); `retry:` (digits only) is reported.
 * - Lines starting with `:` are comments (keep-alives) and are ignored.
 * - One space after the colon is dropped; a line without a colon is a field with no value.
 * - A leading byte-order mark is dropped; an unfinished event at the end is discarded.
 */

export interface SseEvent {
  /** The `event:` field, 'message' when absent. */
  event: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last event id seen so far on the stream ('' when none). */
  id: string;
}

export class SseParser {
  private buffer = '';
  /** The previous chunk ended with CR: an LF opening the next chunk belongs to it. */
  private pendingCr = false;
  private started = false;
  private eventType = '';
  private data = '';
  private hasData = false;
  private lastId = '';
  /** The last valid `retry:` value in milliseconds, if any. */
  retry: number | undefined;
  /** How many comment lines were seen (keep-alives). */
  comments = 0;

  /** Parses a chunk of text and returns the events it completes. */
  push(chunk: string): SseEvent[] {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;

    const events: SseEvent[] = [];
    let buffer = this.buffer + text;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const ch = buffer.charCodeAt(i);
      if (ch !== 10 && ch !== 13) continue;
      const line = buffer.slice(start, i);
      if (ch === 13) {
        if (i + 1 < buffer.length) {
          if (buffer.charCodeAt(i + 1) === 10) i++;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    buffer = buffer.slice(start);
    this.buffer = buffer;
    return events;
  }

  /** Ends the stream: an event not closed by a blank line is discarded. */
  end(): void {
    this.buffer = '';
    this.pendingCr = false;
    this.resetEvent();
  }

  /** Forgets everything but the last event id (for a new connection). */
  reset(): void {
    this.end();
    this.started = false;
  }

  get lastEventId(): string {
    return this.lastId;
  }

  private resetEvent(): void {
    this.eventType = '';
    this.data = '';
    this.hasData = false;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) {
      this.comments++;
      return undefined;
    }
    const colon = line.indexOf(':');
    let field: string;
    let value: string;
    if (colon === -1) {
      field = line;
      value = '';
    } else {
      field = line.slice(0, colon);
      value = line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
    }
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.data += this.hasData ? `\n${value}` : value;
        this.hasData = true;
        break;
      case 'id':
        if (!value.includes('\u0000')) this.lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    if (!this.hasData) {
      this.resetEvent();
      return undefined;
    }
    const event: SseEvent = { event: this.eventType || 'message', data: this.data, id: this.lastId };
    this.resetEvent();
    return event;
  }
}

/** Parses a whole stream's text at once (for tests and small inputs). */
export function parseSse(text: string): SseEvent[] {
  const parser = new SseParser();
  const events = parser.push(text);
  parser.end();
  return events;
}
