/** "Ada is typing…": who typed lately in which channel, and how often the composer says so itself. */

/** A `chat.typing` push shows its author as typing this long (ms). */
export const TYPING_SHOWN_MS = 5000;
/** The composer sends `POST /channels/{id}/typing` at most this often (ms). */
export const TYPING_SEND_MS = 3000;

/** Until when each user types, by channel: `{ [channelId]: { [userId]: until (ms) } }`. */
export type TypingState = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** The state after `userId` typed in `channelId` at `now` (ms). */
export function withTyping(state: TypingState, channelId: string, userId: string, now: number): TypingState {
  return { ...state, [channelId]: { ...state[channelId], [userId]: now + TYPING_SHOWN_MS } };
}

/** The state after `userId`'s message arrived: not typing any more. */
export function withoutTyping(state: TypingState, channelId: string, userId: string): TypingState {
  const users = state[channelId];
  if (!users || !(userId in users)) return state;
  const { [userId]: _gone, ...rest } = users;
  return { ...state, [channelId]: rest };
}

/** Who types in a channel at `now` (ms), but me. */
export function typingUsers(state: TypingState, channelId: string, now: number, me: string): string[] {
  const users = state[channelId] ?? {};
  return Object.entries(users)
    .filter(([userId, until]) => userId !== me && until > now)
    .map(([userId]) => userId);
}

/** The soonest time (ms) someone stops typing, or null when nobody types. */
export function nextExpiry(state: TypingState, now: number): number | null {
  let soonest: number | null = null;
  for (const users of Object.values(state)) {
    for (const until of Object.values(users)) {
      if (until > now && (soonest === null || until < soonest)) soonest = until;
    }
  }
  return soonest;
}

/** "Ada is typing…", "Ada and Grace are typing…", "Several people are typing…"; '' for nobody. */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

/** Whether the composer should say it types now (ms), having said so last at `lastSent` (ms, or null). */
export function shouldSendTyping(lastSent: number | null, now: number): boolean {
  return lastSent === null || now - lastSent >= TYPING_SEND_MS;
}
