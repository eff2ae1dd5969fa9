/** The checks the plugin makes on what the composer and the dialogs send, made first (with its messages). */

import { MAX_DIRECT_OTHERS, MAX_NAME, MAX_TEXT, MAX_TOPIC, MESSAGES } from './generated';

export { MAX_DIRECT_OTHERS };

/** Why a message cannot be sent, or null (a file may go without text). */
export function messageProblem(text: string, hasFile: boolean): string | null {
  if (text.trim() === '' && !hasFile) return MESSAGES.TEXT_REQUIRED;
  if ([...text.trim()].length > MAX_TEXT) return MESSAGES.TEXT_TOO_LONG;
  return null;
}

/** Why a channel's name is refused, or null. */
export function channelNameProblem(name: string): string | null {
  if (name.trim() === '') return MESSAGES.NAME_REQUIRED;
  if ([...name.trim()].length > MAX_NAME) return MESSAGES.NAME_TOO_LONG;
  return null;
}

/** Why a channel's topic is refused, or null. */
export function topicProblem(topic: string): string | null {
  return [...topic.trim()].length > MAX_TOPIC ? MESSAGES.TOPIC_TOO_LONG : null;
}

/** Why a direct conversation's people are refused (1 to 8 others), or null. */
export function directPeopleProblem(userIds: readonly string[]): string | null {
  return userIds.length === 0 || userIds.length > MAX_DIRECT_OTHERS ? MESSAGES.DIRECT_SIZE : null;
}
