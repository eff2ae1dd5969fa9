/** A file sent with a message: the plugin's cap (5 MB, checked by content there), checked here first so a refused file is never read or sent. */

import { formatFileSize } from '@common/lib/files';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The plugin's message for a file above the cap. */
export const FILE_TOO_LARGE = 'An attachment may be at most 5 MB';

/** Why a file cannot be sent, or null. */
export function fileProblem(file: { size: number }): string | null {
  return file.size > MAX_FILE_BYTES ? FILE_TOO_LARGE : null;
}

/** "report.pdf, 1.2 MB" */
export function fileCaption(file: { name: string; size: number }): string {
  return `${file.name}, ${formatFileSize(file.size)}`;
}

/** The MIME type to send: the browser's, else by the name's extension, else octet-stream. */
export function mimeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const known: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    pdf: 'application/pdf',
    txt: 'text/plain',
    csv: 'text/csv',
    json: 'application/json',
  };
  return Object.hasOwn(known, extension)
    ? (known[extension] ?? 'application/octet-stream')
    : 'application/octet-stream';
}

/** A file's content as a data URL (images shown inline). */
export function dataUrl(mime: string, base64: string): string {
  return `data:${mime || 'application/octet-stream'};base64,${base64}`;
}
