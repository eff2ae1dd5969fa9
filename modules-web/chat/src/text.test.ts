import { describe, expect, it } from 'vitest';

import { mentionedIds, parseInline, parseMessage, plainText, safeHref } from './text';

describe('safeHref', () => {
  it('takes http, https and mailto addresses only', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    expect(safeHref('mailto:ada@example.com')).toBe('mailto:ada@example.com');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHref('ftp://example.com')).toBeNull();
    expect(safeHref('https://')).toBeNull();
  });
});

describe('parseInline', () => {
  it('keeps plain text as one token', () => {
    expect(parseInline('Hello there')).toEqual([{ kind: 'text', text: 'Hello there' }]);
  });

  it('finds inline code, mentions and links', () => {
    expect(parseInline('Ask <@u1> about `npm ci` at https://example.com/docs.')).toEqual([
      { kind: 'text', text: 'Ask ' },
      { kind: 'mention', userId: 'u1' },
      { kind: 'text', text: ' about ' },
      { kind: 'code', text: 'npm ci' },
      { kind: 'text', text: ' at ' },
      { kind: 'link', text: 'https://example.com/docs', href: 'https://example.com/docs' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps a closing parenthesis that belongs to the address', () => {
    expect(parseInline('(see https://en.wikipedia.org/wiki/Ada_(language))')).toEqual([
      { kind: 'text', text: '(see ' },
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Ada_(language)',
        href: 'https://en.wikipedia.org/wiki/Ada_(language)',
      },
      { kind: 'text', text: ')' },
    ]);
  });

  it('leaves other schemes and HTML as text', () => {
    expect(parseInline('javascript:alert(1) <b>bold</b> <script>x</script>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <b>bold</b> <script>x</script>' },
    ]);
  });

  it('makes mailto a link', () => {
    expect(parseInline('mail mailto:ada@example.com')).toEqual([
      { kind: 'text', text: 'mail ' },
      { kind: 'link', text: 'mailto:ada@example.com', href: 'mailto:ada@example.com' },
    ]);
  });

  it('does not look for mentions or links inside inline code', () => {
    expect(parseInline('`<@u1> https://x.test`')).toEqual([{ kind: 'code', text: '<@u1> https://x.test' }]);
  });
});

describe('parseMessage', () => {
  it('splits fenced code from the text around it', () => {
    expect(parseMessage('Try this:\n```js\nconst a = 1;\nconsole.log(a);\n```\nThen run it')).toEqual([
      { kind: 'text', inlines: [{ kind: 'text', text: 'Try this:' }] },
      { kind: 'code', text: 'const a = 1;\nconsole.log(a);', language: 'js' },
      { kind: 'text', inlines: [{ kind: 'text', text: 'Then run it' }] },
    ]);
  });

  it('takes code on the fence line', () => {
    expect(parseMessage('```ls -la```')).toEqual([{ kind: 'code', text: 'ls -la', language: null }]);
    expect(parseMessage('```\n<@u1> https://x.test\n```')).toEqual([
      { kind: 'code', text: '<@u1> https://x.test', language: null },
    ]);
  });

  it('leaves an unclosed fence as text', () => {
    expect(parseMessage('```oops')).toEqual([{ kind: 'text', inlines: [{ kind: 'text', text: '```oops' }] }]);
  });

  it('keeps line breaks in the text', () => {
    expect(parseMessage('one\ntwo')).toEqual([{ kind: 'text', inlines: [{ kind: 'text', text: 'one\ntwo' }] }]);
  });

  it('gives nothing for an empty text', () => {
    expect(parseMessage('')).toEqual([]);
  });
});

describe('mentions in text', () => {
  it('lists the mentioned ids once each', () => {
    expect(mentionedIds('<@u1> and <@u2>, again <@u1>')).toEqual(['u1', 'u2']);
  });

  it('writes mentions as names in a plain excerpt', () => {
    const names: Record<string, string> = { u1: 'Ada Lovelace' };
    expect(plainText('Hi <@u1>,\n```x```', (id) => names[id] ?? '?')).toBe('Hi @Ada Lovelace, x');
  });
});
