/** The checks the plugin makes on what the composer and the dialogs send, made first (same messages). */

export const MAX_MESSAGE_CHARS = 4000;
export const MAX_DIRECT_OTHERS = 8;

export const TEXTS = {
  EMPTY: 'A message cannot be empty',
  TOO_LONG: 'A message may be at most 4,000 characters',
  NAME_REQUIRED: 'A channel name is required',
  DIRECT_SIZE: 'Choose 1 to 8 people for a direct conversation',
} as const;

/** Why a message cannot be sent, or null (a file may go without text). */
export function messageProblem(text: string, hasFile: boolean): string | null {
  if (text.trim() === '' && !hasFile) return TEXTS.EMPTY;
  if ([...text.trim()].length > MAX_MESSAGE_CHARS) return TEXTS.TOO_LONG;
  return null;
}

/** Why a new channel's name is refused, or null. */
export function channelNameProblem(name: string): string | null {
  return name.trim() === '' ? TEXTS.NAME_REQUIRED : null;
}

/** Why a direct message's people are refused (1 to 8 others), or null. */
export function directPeopleProblem(userIds: readonly string[]): string | null {
  return userIds.length === 0 || userIds.length > MAX_DIRECT_OTHERS ? TEXTS.DIRECT_SIZE : null;
}
