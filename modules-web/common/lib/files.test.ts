import { describe, expect, it } from 'vitest';

import {
  base64ToBlob,
  contentMatches,
  extensionOf,
  fileRules,
  formatFileSize,
  typedFileRules,
  type FileType,
} from './files';

const RULES = fileRules({
  mimeByExtension: { pdf: 'application/pdf', jpg: 'image/jpeg', bpmn: 'application/bpmn+xml' },
  maxBytes: 1000,
  maxFiles: 3,
  messages: { tooLarge: 'too large', tooMany: 'too many', type: 'wrong type' },
});

describe('file rules', () => {
  it('reads the extension after the last dot, in any case', () => {
    expect([extensionOf('Flow.PDF'), extensionOf('process.v2.bpmn'), extensionOf('README')]).toEqual([
      'pdf',
      'bpmn',
      null,
    ]);
  });

  it('sends the MIME type of the extension, in any case', () => {
    expect(RULES.mimeOf('Scan.PDF')).toBe('application/pdf');
    expect(RULES.mimeOf('process.v2.bpmn')).toBe('application/bpmn+xml');
  });

  it('accepts no file without an extension or of another type', () => {
    expect(RULES.mimeOf('README')).toBeNull();
    expect(RULES.mimeOf('setup.exe')).toBeNull();
    expect(RULES.mimeOf('archive.pdf.zip')).toBeNull();
    expect(RULES.mimeOf('trick.constructor')).toBeNull();
  });

  it('offers the accepted extensions to the file picker', () => {
    expect(RULES.accept).toBe('.pdf,.jpg,.bpmn');
    expect(RULES.maxFiles).toBe(3);
  });

  it('refuses too many files first, then the type, then the size', () => {
    expect(RULES.uploadProblem({ name: 'a.exe', size: 5000 }, 3)).toBe('too many');
    expect(RULES.uploadProblem({ name: 'a.exe', size: 5000 }, 0)).toBe('wrong type');
    expect(RULES.uploadProblem({ name: 'a.pdf', size: 1001 }, 0)).toBe('too large');
  });

  it('takes a file of exactly the largest size, as the last one allowed', () => {
    expect(RULES.uploadProblem({ name: 'a.jpg', size: 1000 }, 2)).toBeNull();
  });
});

describe('file rules without a count', () => {
  const uncounted = fileRules({
    mimeByExtension: { txt: 'text/plain' },
    maxBytes: 10,
    messages: { tooLarge: 'too large', type: 'wrong type' },
  });

  it('takes any number of files', () => {
    expect(uncounted.maxFiles).toBe(Infinity);
    expect(uncounted.uploadProblem({ name: 'a.txt', size: 10 }, 1000)).toBeNull();
    expect(uncounted.uploadProblem({ name: 'a.txt', size: 11 }, 0)).toBe('too large');
  });
});

/** A plugin's table as its generated.ts has it (`FILE_TYPES`, the SDK's `files::COMMON_TYPES`). */
const TYPES = [
  { extension: 'pdf', mime: 'application/pdf', content: { signature: [[37, 80, 68, 70, 45]] } },
  { extension: 'png', mime: 'image/png', content: { signature: [[137, 80, 78, 71, 13, 10, 26, 10]] } },
  { extension: 'jpg', mime: 'image/jpeg', content: { signature: [[255, 216, 255]] } },
  { extension: 'jpeg', mime: 'image/jpeg', content: { signature: [[255, 216, 255]] } },
  {
    extension: 'gif',
    mime: 'image/gif',
    content: {
      signature: [
        [71, 73, 70, 56, 55, 97],
        [71, 73, 70, 56, 57, 97],
      ],
    },
  },
  { extension: 'webp', mime: 'image/webp', content: { riff: [87, 69, 66, 80] } },
  {
    extension: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: { signature: [[80, 75, 3, 4]] },
  },
  { extension: 'docx', mime: 'application/docx', content: { signature: [[80, 75, 3, 4]] } },
  { extension: 'txt', mime: 'text/plain', content: 'text' },
  { extension: 'log', mime: 'text/plain', content: 'text' },
  { extension: 'csv', mime: 'text/csv', content: 'text' },
  { extension: 'json', mime: 'application/json', content: 'text' },
  { extension: 'bpmn', mime: 'application/bpmn+xml', content: 'unchecked' },
] as const satisfies readonly FileType[];

const MESSAGES = { tooLarge: 'too large', tooMany: 'too many', type: 'wrong type', content: 'not its type' };

const TYPED = typedFileRules({ types: TYPES, maxBytes: 1000, maxFiles: 20, messages: MESSAGES });

/** Bytes from numbers and UTF-8 text. */
const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === 'string' ? [...new TextEncoder().encode(value)] : [value])),
  );

describe("a plugin's table of types", () => {
  it('sends the MIME type of the extension, in any case', () => {
    expect(TYPED.mimeOf('Scan.PDF')).toBe('application/pdf');
    expect(TYPED.mimeOf('photo.jpeg')).toBe('image/jpeg');
    expect(TYPED.mimeOf('error.log')).toBe('text/plain');
    expect(TYPED.mimeOf('export.v2.json')).toBe('application/json');
    expect(TYPED.mimeOf('Report.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(TYPED.mimeOf('README')).toBeNull();
    expect(TYPED.mimeOf('diagram.vsdx')).toBeNull();
  });

  it('offers its extensions to the file picker, in its order', () => {
    expect(TYPED.accept).toBe(TYPES.map((type) => `.${type.extension}`).join(','));
  });

  it('refuses too many files first, then the type, then the size', () => {
    expect(TYPED.uploadProblem({ name: 'a.pdf', size: 10 }, 20)).toBe('too many');
    expect(TYPED.uploadProblem({ name: 'a.exe', size: 10 }, 0)).toBe('wrong type');
    expect(TYPED.uploadProblem({ name: 'a.pdf', size: 1001 }, 0)).toBe('too large');
    expect(TYPED.uploadProblem({ name: 'a.png', size: 1000 }, 19)).toBeNull();
  });

  it('knows each binary type by its signature', () => {
    const { contentProblem } = TYPED;
    expect(contentProblem('a.pdf', bytes('%PDF-1.7\n'))).toBeNull();
    expect(contentProblem('a.png', bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0))).toBeNull();
    expect(contentProblem('a.jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBeNull();
    expect(contentProblem('a.gif', bytes('GIF87a'))).toBeNull();
    expect(contentProblem('a.gif', bytes('GIF89a', 1))).toBeNull();
    expect(contentProblem('a.docx', bytes('PK', 3, 4, 20))).toBeNull();
  });

  it('refuses a file whose content is not of its type', () => {
    const { contentProblem } = TYPED;
    expect(contentProblem('a.pdf', bytes('%PDF'))).toBe('not its type');
    expect(contentProblem('a.png', bytes(0xff, 0xd8, 0xff))).toBe('not its type');
    expect(contentProblem('a.jpg', bytes('GIF89a'))).toBe('not its type');
    expect(contentProblem('a.gif', bytes('GIF88a'))).toBe('not its type');
    expect(contentProblem('a.xlsx', bytes('%PDF-'))).toBe('not its type');
    expect(contentProblem('a.pdf', bytes())).toBe('not its type');
  });

  it('takes a WebP as a RIFF container of form WEBP, and no other RIFF', () => {
    const { contentProblem } = TYPED;
    expect(contentProblem('a.webp', bytes('RIFF', 0x12, 0x34, 0x56, 0x78, 'WEBPVP8 '))).toBeNull();
    expect(contentProblem('a.webp', bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBeNull();
    expect(contentProblem('a.webp', bytes('RIFF', 0x12, 0x34, 0x56, 0x78, 'WAVEfmt '))).toBe('not its type');
    expect(contentProblem('a.webp', bytes('RIFX', 0, 0, 0, 0, 'WEBP'))).toBe('not its type');
    expect(contentProblem('a.webp', bytes('RIFF', 0, 0, 0, 0, 'WEB'))).toBe('not its type');
    expect(contentProblem('a.webp', bytes())).toBe('not its type');
  });

  it('takes text as valid UTF-8 without NUL bytes', () => {
    const { contentProblem } = TYPED;
    expect(contentProblem('a.txt', bytes('Grüße, 日本'))).toBeNull();
    expect(contentProblem('a.json', bytes('{"a":1}'))).toBeNull();
    expect(contentProblem('a.csv', bytes())).toBeNull();
    expect(contentProblem('a.log', bytes('line', 0, 'x'))).toBe('not its type');
    expect(contentProblem('a.txt', bytes(0xc3, 0x28))).toBe('not its type');
  });

  it('leaves unchecked content alone, and refuses an unknown type before reading it', () => {
    expect(contentMatches('unchecked', bytes(0, 1, 2))).toBe(true);
    expect(TYPED.contentProblem('flow.bpmn', bytes())).toBeNull();
    expect(TYPED.contentProblem('a.exe', bytes('MZ'))).toBe('wrong type');
    expect(TYPED.contentProblem('README', bytes('hi'))).toBe('wrong type');
    expect(TYPED.contentProblem('trick.constructor', bytes('hi'))).toBe('wrong type');
  });
});

describe('base64ToBlob', () => {
  it('turns a download back into the bytes, of its type', async () => {
    const blob = base64ToBlob(btoa('hello, world'), 'text/plain');
    expect(blob.type).toBe('text/plain');
    expect(await blob.text()).toBe('hello, world');
  });

  it('keeps binary bytes as they are', async () => {
    const bytes = new Uint8Array(await base64ToBlob('AP8QgA==', null).arrayBuffer());
    expect([...bytes]).toEqual([0, 255, 16, 128]);
  });

  it('falls back to a generic type when none is stored', () => {
    expect(base64ToBlob('', null).type).toBe('application/octet-stream');
  });
});

describe('formatFileSize', () => {
  it('writes bytes, kilobytes and megabytes', () => {
    expect(formatFileSize(12)).toBe('12 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(320 * 1024)).toBe('320 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe(`${(1.5).toLocaleString()} MB`);
  });
});
