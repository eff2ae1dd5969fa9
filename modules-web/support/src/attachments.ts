/**
 * Ticket attachments: the checks the plugin makes on an upload (type, size, count and content),
 * made by @common/lib/files from the plugin's own table of types (generated.ts), so a refused
 * file is never sent.
 */

import { typedFileRules } from '@common/lib/files';

import { FILE_TYPES, MAX_ATTACHMENTS, MAX_FILE_BYTES, MESSAGES } from './generated';

/** The plugin's messages for refused attachments. */
export const ATTACHMENT_MESSAGES = {
  tooLarge: MESSAGES.TOO_BIG,
  tooMany: MESSAGES.TOO_MANY,
  type: MESSAGES.TYPE_NOT_ACCEPTED,
  content: MESSAGES.CONTENT_MISMATCH,
} as const;

export const ATTACHMENT_RULES = typedFileRules({
  types: FILE_TYPES,
  maxBytes: MAX_FILE_BYTES,
  maxFiles: MAX_ATTACHMENTS,
  messages: ATTACHMENT_MESSAGES,
});
