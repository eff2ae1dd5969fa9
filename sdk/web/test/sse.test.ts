import { describe, expect, it } from 'vitest';

import { SseParser, parseSse } from '../src/sse';

/** Feeds `text` cut at every given offset and collects the events. */
function feedInPieces(text: string, cuts: number[]) {
  const parser = new SseParser();
  const events = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    events.push(...parser.push(text.slice(from, cut)));
    from = cut;
  }
  return events;
}

describe('SseParser', () => {
  it('parses one event with its channel and JSON data', () => {
    expect(parseSse('event: process.updates\ndata: {"id":1}\n\n')).toEqual([
      { event: 'process.updates', data: '{"id":1}', id: '' },
    ]);
  });

  it('gives the same events whichever way the stream is cut', () => {
    const text =
      ': keep-alive\n\nevent: a.b\ndata: {"n":1}\n\nevent: notifications\ndata: {"message":"Hi",\ndata: "createdAt":"x"}\n\n' +
      'event: lagged\ndata: 3\n\n';
    const whole = parseSse(text);
    expect(whole).toEqual([
      { event: 'a.b', data: '{"n":1}', id: '' },
      { event: 'notifications', data: '{"message":"Hi",\n"createdAt":"x"}', id: '' },
      { event: 'lagged', data: '3', id: '' },
    ]);
    for (let cut = 1; cut < text.length; cut++) {
      expect(feedInPieces(text, [cut])).toEqual(whole);
    }
    // One character at a time.
    expect(
      feedInPieces(
        text,
        Array.from({ length: text.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(whole);
  });

  it('returns nothing until the blank line that ends the event arrives', () => {
    const parser = new SseParser();
    expect(parser.push('event: a.b\nda')).toEqual([]);
    expect(parser.push('ta: 1\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'a.b', data: '1', id: '' }]);
  });

  it('returns several events from one chunk, in order', () => {
    const parser = new SseParser();
    const events = parser.push('event: x.one\ndata: 1\n\nevent: x.two\ndata: 2\n\ndata: 3\n\n');
    expect(events.map((e) => [e.event, e.data])).toEqual([
      ['x.one', '1'],
      ['x.two', '2'],
      ['message', '3'],
    ]);
  });

  it('ignores comments (keep-alives) and counts them', () => {
    const parser = new SseParser();
    expect(parser.push(':\n\n: ping\n\n')).toEqual([]);
    expect(parser.comments).toBe(2);
    expect(parser.push('event: a.b\n: in the middle\ndata: ok\n\n')).toEqual([{ event: 'a.b', data: 'ok', id: '' }]);
  });

  it('handles CRLF and CR line ends, including a CRLF cut between chunks', () => {
    const parser = new SseParser();
    expect(parser.push('event: a.b\r')).toEqual([]);
    expect(parser.push('\ndata: 1\r\n\r')).toEqual([{ event: 'a.b', data: '1', id: '' }]);
    // The LF completing the CRLF above must not count as a blank line of its own.
    expect(parser.push('\ndata: 2\r\rdata: 3\r\n\r\n')).toEqual([
      { event: 'message', data: '2', id: '' },
      { event: 'message', data: '3', id: '' },
    ]);
  });

  it('drops one space after the colon only, and takes a line without colon as an empty field', () => {
    expect(parseSse('data:  two spaces\n\n')[0]?.data).toBe(' two spaces');
    expect(parseSse('data:none\n\n')[0]?.data).toBe('none');
    expect(parseSse('data\ndata\n\n')[0]?.data).toBe('\n');
  });

  it('does not dispatch an event without data, and resets the type after each event', () => {
    expect(parseSse('event: a.b\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x', id: '' }]);
  });

  it('keeps the last id, reads retry, ignores unknown fields and a leading BOM', () => {
    const parser = new SseParser();
    const events = parser.push('\uFEFFid: 7\nfoo: bar\nretry: 2500\ndata: a\n\nretry: soon\ndata: b\n\n');
    expect(events).toEqual([
      { event: 'message', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ]);
    expect(parser.retry).toBe(2500);
    expect(parser.lastEventId).toBe('7');
  });

  it('discards an event left unfinished when the stream ends', () => {
    const parser = new SseParser();
    expect(parser.push('event: a.b\ndata: 1\n')).toEqual([]);
    parser.end();
    expect(parser.push('\n')).toEqual([]);
  });
});
