/** Process documents in the browser: the checks made before an upload, and base64 both ways. */

/** The plugin's messages for refused documents. */
export const DOCUMENT_MESSAGES = {
  tooLarge: 'A document may be at most 2 MB',
  tooMany: 'A process may have at most 20 documents',
  type: 'This file type is not accepted',
} as const;

export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
export const MAX_DOCUMENTS = 20;

/**
 * The accepted types by file extension, with the MIME type sent. Browsers leave `file.type`
 * empty or vague for several of them (vsdx, bpmn, csv on Windows), so the extension decides.
 */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  vsdx: 'application/vnd.ms-visio.drawing',
  bpmn: 'application/bpmn+xml',
  xml: 'application/xml',
  txt: 'text/plain',
  csv: 'text/csv',
};

/** For the file picker's `accept`. */
export const ACCEPTED_EXTENSIONS = Object.keys(MIME_BY_EXTENSION)
  .map((extension) => `.${extension}`)
  .join(',');

/** The MIME type to send for a file name, or null when its type is not accepted. */
export function mimeOf(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return MIME_BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

/** Why a file cannot be uploaded to a process that has `count` documents, or null. */
export function uploadProblem(file: { name: string; size: number }, count: number): string | null {
  if (count >= MAX_DOCUMENTS) return DOCUMENT_MESSAGES.tooMany;
  if (mimeOf(file.name) === null) return DOCUMENT_MESSAGES.type;
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return null;
}

/** A file's content as base64 (without the `data:` prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Base64 content back to a Blob of `mime`. */
export function base64ToBlob(data: string, mime: string | null): Blob {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: mime || 'application/octet-stream' });
}
