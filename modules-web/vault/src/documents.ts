/** Process documents: the checks the plugin makes on an upload (@common/lib/files makes them). */

import { fileRules } from '@common/lib/files';

import { MESSAGES } from './generated';

/** The plugin's messages for refused documents. */
export const DOCUMENT_MESSAGES = {
  tooLarge: MESSAGES.DOCUMENT_TOO_BIG,
  tooMany: MESSAGES.TOO_MANY_DOCUMENTS,
  type: MESSAGES.DOCUMENT_TYPE,
} as const;

export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
export const MAX_DOCUMENTS = 20;

/** The accepted types by file extension, with the MIME type sent (vsdx and bpmn come without one). */
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

export const DOCUMENT_RULES = fileRules({
  mimeByExtension: MIME_BY_EXTENSION,
  maxBytes: MAX_DOCUMENT_BYTES,
  maxFiles: MAX_DOCUMENTS,
  messages: DOCUMENT_MESSAGES,
});
