/**
 * A file sent with a message: the plugin's rules (the support module's types plus WebP, at most
 * 5 MB, its content checked there), checked here first so a refused file is never read or sent.
 */

import { extensionOf, formatFileSize } from '@common/lib/files';

import { MAX_FILE_BYTES, MESSAGES } from './generated';

export { MAX_FILE_BYTES };

/** The plugin's messages for a refused file. */
export const FILE_MESSAGES = {
  tooLarge: MESSAGES.TOO_BIG,
  type: MESSAGES.TYPE_NOT_ACCEPTED,
} as const;

/** The accepted types by extension, and the MIME type sent for each (the browser's may be vague or empty). */
const TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
};

/** For the file picker. */
export const ACCEPT = Object.keys(TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

/** The MIME type to send for a file name, or null when its type is not accepted. */
export function mimeOf(fileName: string): string | null {
  const extension = extensionOf(fileName);
  if (extension === null || !Object.hasOwn(TYPES, extension)) return null;
  return TYPES[extension] ?? null;
}

/** Why a file cannot be sent, or null. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (mimeOf(file.name) === null) return FILE_MESSAGES.type;
  if (file.size > MAX_FILE_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}

/** "report.pdf, 1.2 MB" */
export function fileCaption(file: { name: string; size: number }): string {
  return `${file.name}, ${formatFileSize(file.size)}`;
}

/** A file's content as a data URL (images are shown inline). */
export function dataUrl(mime: string, base64: string): string {
  return `data:${mime || 'application/octet-stream'};base64,${base64}`;
}
