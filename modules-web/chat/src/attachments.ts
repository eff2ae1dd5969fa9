/**
 * A file sent with a message: the plugin's rules (its table of types, at most 5 MB, the content
 * checked against the type), checked here first by @common/lib/files so a refused file is never
 * sent; and how a message shows its file.
 */

import { formatFileSize, typedFileRules } from '@common/lib/files';

import { FILE_TYPES, MAX_FILE_BYTES, MESSAGES } from './generated';

/** What a message accepts as its file (one a message: not counted). */
export const FILE_RULES = typedFileRules({
  types: FILE_TYPES,
  maxBytes: MAX_FILE_BYTES,
  messages: { tooLarge: MESSAGES.TOO_BIG, type: MESSAGES.TYPE_NOT_ACCEPTED, content: MESSAGES.CONTENT_MISMATCH },
});

/** "report.pdf, 1.2 MB" */
export function fileCaption(file: { name: string; size: number }): string {
  return `${file.name}, ${formatFileSize(file.size)}`;
}

/** A file's content as a data URL (images are shown inline). */
export function dataUrl(mime: string, base64: string): string {
  return `data:${mime || 'application/octet-stream'};base64,${base64}`;
}
