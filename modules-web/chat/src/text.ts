/**
 * A message's text as the remote renders it, in tokens (never HTML): ``` fenced code blocks,
 * `inline code`, `<@user_id>` mentions and links. Only http, https and mailto addresses become
 * links; everything else stays plain text.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; userId: string };

export type Block = { kind: 'code'; text: string; language: string | null } | { kind: 'text'; inlines: Inline[] };

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The address a link may point to, or null when it is no http, https or mailto address. */
export function safeHref(raw: string): string | null {
  if (!/^(https?:\/\/|mailto:)/i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return null;
  if (url.protocol !== 'mailto:' && !url.hostname) return null;
  return url.href;
}

/** Punctuation that ends a sentence rather than the address before it. */
function trimLink(raw: string): string {
  let end = raw.length;
  for (;;) {
    const last = raw[end - 1];
    if (last === undefined) break;
    if ('.,;:!?\'"'.includes(last)) {
      end -= 1;
    } else if (last === ')') {
      const inner = raw.slice(0, end);
      const opens = inner.split('(').length - 1;
      const closes = inner.split(')').length - 1;
      if (closes > opens) end -= 1;
      else break;
    } else {
      break;
    }
  }
  return raw.slice(0, end);
}

const INLINE = /`([^`\n]+)`|<@([A-Za-z0-9_.:-]+)>|((?:https?:\/\/|mailto:)[^\s<>]+)/gi;

function pushText(out: Inline[], text: string) {
  if (text === '') return;
  const last = out[out.length - 1];
  if (last?.kind === 'text') last.text += text;
  else out.push({ kind: 'text', text });
}

/** A run of text (no fences) as inline tokens. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index;
    pushText(out, text.slice(index, at));
    index = at + match[0].length;
    if (match[1] !== undefined) {
      out.push({ kind: 'code', text: match[1] });
    } else if (match[2] !== undefined) {
      out.push({ kind: 'mention', userId: match[2] });
    } else {
      const raw = match[3] ?? '';
      const link = trimLink(raw);
      const href = safeHref(link);
      if (href) out.push({ kind: 'link', text: link, href });
      else pushText(out, link);
      // What trimming left out is text again.
      index = at + link.length;
    }
  }
  pushText(out, text.slice(index));
  return out;
}

const FENCE = /```([^\n`]*)\n?([\s\S]*?)```/g;

/** A message's text as blocks: fenced code, and text with its inline tokens between them. */
export function parseMessage(text: string): Block[] {
  const blocks: Block[] = [];
  let index = 0;
  const pushTextBlock = (part: string) => {
    const trimmed = part.replace(/^\n/, '').replace(/\n$/, '');
    if (trimmed.trim() === '') return;
    blocks.push({ kind: 'text', inlines: parseInline(trimmed) });
  };
  for (const match of text.matchAll(FENCE)) {
    pushTextBlock(text.slice(index, match.index));
    index = match.index + match[0].length;
    const head = match[1] ?? '';
    let body = match[2] ?? '';
    let language: string | null = null;
    if (/^[A-Za-z0-9_+#-]+$/.test(head.trim()) && match[0].slice(3 + head.length).startsWith('\n')) {
      language = head.trim();
    } else if (head !== '') {
      // ```code on the fence's line```
      body = match[0].slice(3 + head.length).startsWith('\n') ? `${head}\n${body}` : head + body;
    }
    blocks.push({ kind: 'code', text: body.replace(/\n$/, ''), language });
  }
  pushTextBlock(text.slice(index));
  return blocks;
}

/** The user ids a text mentions (`<@id>`), once each, in order. */
export function mentionedIds(text: string): string[] {
  const ids: string[] = [];
  for (const match of text.matchAll(/<@([A-Za-z0-9_.:-]+)>/g)) {
    const id = match[1] ?? '';
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** A text with mentions as `@Name` and fences dropped: for excerpts and previews. */
export function plainText(text: string, nameOf: (userId: string) => string): string {
  return text
    .replace(/<@([A-Za-z0-9_.:-]+)>/g, (_, id: string) => `@${nameOf(id)}`)
    .replace(/```/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
