/** The composer's @ autocomplete: the name being typed after `@`, the people it matches, and the `<@id>` put in its place. */

import { personName, type Person } from '@common/domain/people';

/** The `@query` the caret stands in: where its `@` is and what follows it. */
export interface MentionQuery {
  start: number;
  query: string;
}

const MAX_QUERY = 40;

/** The mention being typed at `caret`, or null: an `@` at the start or after a space, then no space up to the caret. */
export function activeMention(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const query = before.slice(at + 1);
  if (query.length > MAX_QUERY || /\s|[<>@]/.test(query)) return null;
  const previous = at === 0 ? '' : (before[at - 1] ?? '');
  if (previous !== '' && !/[\s(]/.test(previous)) return null;
  return { start: at, query };
}

/** The text with the typed `@query` replaced by `<@id> `, and where the caret goes. */
export function insertMention(
  text: string,
  mention: MentionQuery,
  caret: number,
  userId: string,
): { text: string; caret: number } {
  const token = `<@${userId}> `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + token + rest, caret: mention.start + token.length };
}

/** People whose name or e-mail matches `query`: name starts first, then the rest, by name; at most `limit`. */
export function matchPeople(people: readonly Person[], query: string, limit = 6): Person[] {
  const needle = query.trim().toLowerCase();
  const scored: { person: Person; score: number; name: string }[] = [];
  for (const person of people) {
    const name = personName(person);
    const lower = name.toLowerCase();
    const words = [person.firstname, person.lastname, person.email].map((word) => (word ?? '').toLowerCase());
    let score: number;
    if (needle === '' || lower.startsWith(needle)) score = 0;
    else if (words.some((word) => word.startsWith(needle))) score = 1;
    else if (lower.includes(needle) || (person.email ?? '').toLowerCase().includes(needle)) score = 2;
    else continue;
    scored.push({ person, score, name });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.person);
}

/** Two letters for an avatar: "AL" for Ada Lovelace; "?" for nobody. */
export function initials(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
