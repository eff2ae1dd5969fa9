/**
 * Files in the browser: the checks a module's plugin makes on an upload, made here first (so a
 * refused file is never sent); read as base64 for an upload, turned back into a Blob for a
 * download; sizes.
 */

import { formatNumber } from './format';

/** A plugin's messages for a refused file. */
export interface FileMessages {
  tooLarge: string;
  tooMany: string;
  type: string;
}

/** What a plugin takes as files of one record (a process's documents, a ticket's attachments). */
export interface FileRules {
  /** For the file picker's `accept`. */
  accept: string;
  /** How many files one record may have. */
  maxFiles: number;
  /** The MIME type to send for a file name, or null when its type is not accepted. */
  mimeOf: (fileName: string) => string | null;
  /** Why a file cannot be added to a record that has `count` files (before reading it), or null. */
  uploadProblem: (file: { name: string; size: number }, count: number) => string | null;
  /** Why a file's content does not pass the plugin's check for its type, or null; none: not checked. */
  contentProblem?: (fileName: string, bytes: Uint8Array) => string | null;
}

/** A file name's extension, lower case; null for none. */
export function extensionOf(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? null : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The rules of a plugin that accepts files by extension (browsers leave `file.type` empty or
 * vague for several types, so the extension decides, and its MIME type is sent), up to
 * `maxBytes` each and `maxFiles` a record.
 */
export function fileRules(spec: {
  mimeByExtension: Readonly<Record<string, string>>;
  maxBytes: number;
  maxFiles: number;
  messages: FileMessages;
}): FileRules {
  const { mimeByExtension, maxBytes, maxFiles, messages } = spec;
  const mimeOf = (fileName: string) => {
    const extension = extensionOf(fileName);
    // Own keys only: `a.constructor` is no accepted type.
    if (extension === null || !Object.hasOwn(mimeByExtension, extension)) return null;
    return mimeByExtension[extension] ?? null;
  };
  return {
    accept: Object.keys(mimeByExtension)
      .map((extension) => `.${extension}`)
      .join(','),
    maxFiles,
    mimeOf,
    uploadProblem: (file, count) => {
      if (count >= maxFiles) return messages.tooMany;
      if (mimeOf(file.name) === null) return messages.type;
      if (file.size > maxBytes) return messages.tooLarge;
      return null;
    },
  };
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

/** `1.4 MB`, `320 KB`, `12 B`. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024), true)} MB`;
  if (bytes >= 1024) return `${formatNumber(bytes / 1024)} KB`;
  return `${bytes} B`;
}
