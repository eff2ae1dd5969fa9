/**
 * Ticket attachments: the checks the plugin makes on an upload (type, size and count, as
 * @common/lib/files makes them, and the content's signature), so a refused file is never sent.
 */

import { extensionOf, fileRules, type FileRules } from '@common/lib/files';

import { MESSAGES } from './generated';

/** The plugin's messages for refused attachments. */
export const ATTACHMENT_MESSAGES = {
  tooLarge: MESSAGES.TOO_BIG,
  tooMany: MESSAGES.TOO_MANY,
  type: MESSAGES.TYPE_NOT_ACCEPTED,
  content: MESSAGES.CONTENT_MISMATCH,
} as const;

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS = 20;

/** How a type's content is recognised. */
type Signature = 'pdf' | 'png' | 'jpeg' | 'gif' | 'zip' | 'text';

/** The accepted types by file extension: the MIME type sent and the signature its content must have. */
const TYPES: Readonly<Record<string, readonly [mime: string, signature: Signature]>> = {
  pdf: ['application/pdf', 'pdf'],
  png: ['image/png', 'png'],
  jpg: ['image/jpeg', 'jpeg'],
  jpeg: ['image/jpeg', 'jpeg'],
  gif: ['image/gif', 'gif'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'zip'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'zip'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'zip'],
  txt: ['text/plain', 'text'],
  csv: ['text/csv', 'text'],
  log: ['text/plain', 'text'],
  json: ['application/json', 'text'],
};

function typeOf(fileName: string) {
  const extension = extensionOf(fileName);
  return extension !== null && Object.hasOwn(TYPES, extension) ? TYPES[extension] : undefined;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, prefix: readonly number[] | string): boolean {
  const expected = typeof prefix === 'string' ? [...prefix].map((char) => char.charCodeAt(0)) : prefix;
  return bytes.length >= expected.length && expected.every((byte, index) => bytes[index] === byte);
}

/** Valid UTF-8 without NUL bytes: what the plugin takes as text. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function matches(signature: Signature, bytes: Uint8Array): boolean {
  switch (signature) {
    case 'pdf':
      return startsWith(bytes, '%PDF-');
    case 'png':
      return startsWith(bytes, PNG);
    case 'jpeg':
      return startsWith(bytes, JPEG);
    case 'gif':
      return startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a');
    case 'zip':
      return startsWith(bytes, ZIP);
    case 'text':
      return isText(bytes);
  }
}

/** Why a file's content does not pass the plugin's check for its type, or null. */
export function contentProblem(fileName: string, bytes: Uint8Array): string | null {
  const type = typeOf(fileName);
  if (!type) return ATTACHMENT_MESSAGES.type;
  return matches(type[1], bytes) ? null : ATTACHMENT_MESSAGES.content;
}

export const ATTACHMENT_RULES: FileRules = {
  ...fileRules({
    mimeByExtension: Object.fromEntries(Object.entries(TYPES).map(([extension, [mime]]) => [extension, mime])),
    maxBytes: MAX_ATTACHMENT_BYTES,
    maxFiles: MAX_ATTACHMENTS,
    messages: ATTACHMENT_MESSAGES,
  }),
  contentProblem,
};
