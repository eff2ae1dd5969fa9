/**
 * Files in the browser: the checks a module's plugin makes on an upload, made here first (so a
 * refused file is never sent), from the plugin's own table of types where its generated.ts has
 * one (`FILE_TYPES`, see {@link typedFileRules}); read as base64 for an upload, turned back into
 * a Blob for a download; sizes.
 */

import { formatNumber } from './format';

/** A plugin's messages for a refused file (`tooMany` where a record's files are counted). */
export interface FileMessages {
  tooLarge: string;
  tooMany?: string;
  type: string;
}

/** What a plugin takes as files of one record (a process's documents, a ticket's attachments). */
export interface FileRules {
  /** For the file picker's `accept`. */
  accept: string;
  /** How many files one record may have (`Infinity`: not counted). */
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

/** How many files a record may have, with the message past it; none: files are not counted. */
type FileCount =
  { maxFiles: number; messages: FileMessages & { tooMany: string } } | { maxFiles?: undefined; messages: FileMessages };

/**
 * The rules of a plugin that accepts files by extension (browsers leave `file.type` empty or
 * vague for several types, so the extension decides, and its MIME type is sent), up to
 * `maxBytes` each and `maxFiles` a record.
 */
export function fileRules(
  spec: {
    mimeByExtension: Readonly<Record<string, string>>;
    maxBytes: number;
  } & FileCount,
): FileRules {
  const { mimeByExtension, maxBytes, messages } = spec;
  const maxFiles = spec.maxFiles ?? Infinity;
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
      if (count >= maxFiles) return messages.tooMany ?? messages.type;
      if (mimeOf(file.name) === null) return messages.type;
      if (file.size > maxBytes) return messages.tooLarge;
      return null;
    },
  };
}

/**
 * What a type's content must look like, as a plugin's generated `FILE_TYPES` says (the SDK's
 * `files::Content`): starting with one of the signatures, a RIFF container of that form type,
 * UTF-8 text without NUL bytes, or not checked.
 */
export type FileContent =
  { readonly signature: readonly (readonly number[])[] } | { readonly riff: readonly number[] } | 'text' | 'unchecked';

/** An accepted type, as a plugin's generated `FILE_TYPES` lists it. */
export interface FileType {
  /** Lower case, without the dot. */
  readonly extension: string;
  /** The MIME type sent for it. */
  readonly mime: string;
  readonly content: FileContent;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
}

const RIFF = [0x52, 0x49, 0x46, 0x46];

/** Valid UTF-8 without NUL bytes: what a plugin takes as text. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether a file's bytes are what its type's content must look like (the plugin's check). */
export function contentMatches(content: FileContent, bytes: Uint8Array): boolean {
  if (content === 'unchecked') return true;
  if (content === 'text') return isText(bytes);
  if ('riff' in content) return startsWith(bytes, RIFF) && startsWith(bytes, content.riff, 8);
  return content.signature.some((signature) => startsWith(bytes, signature));
}

/**
 * The rules of a plugin's table of types (its generated `FILE_TYPES` and `MAX_FILE_BYTES`):
 * the type by extension, the size, the count where `maxFiles` is given, and the content
 * against the type (`messages.content`; `messages.type` for a type not accepted).
 */
export function typedFileRules(
  spec: {
    types: readonly FileType[];
    maxBytes: number;
    messages: { content: string };
  } & FileCount,
): FileRules & Required<Pick<FileRules, 'contentProblem'>> {
  const { types, messages } = spec;
  const byExtension = new Map(types.map((type) => [type.extension, type]));
  return {
    ...fileRules({ ...spec, mimeByExtension: Object.fromEntries(types.map((type) => [type.extension, type.mime])) }),
    contentProblem: (fileName, bytes) => {
      const extension = extensionOf(fileName);
      const type = extension === null ? undefined : byExtension.get(extension);
      if (!type) return messages.type;
      return contentMatches(type.content, bytes) ? null : messages.content;
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

/** A file's bytes, for {@link FileRules.contentProblem} (through a FileReader, as jsdom reads files too). */
export function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
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
