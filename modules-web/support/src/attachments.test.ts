import { describe, expect, it } from 'vitest';

import { ATTACHMENT_MESSAGES, ATTACHMENT_RULES, MAX_ATTACHMENT_BYTES, contentProblem } from './attachments';

const { accept, mimeOf, uploadProblem } = ATTACHMENT_RULES;

/** Bytes from numbers and UTF-8 text. */
const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === 'string' ? [...new TextEncoder().encode(value)] : [value])),
  );

describe('attachment types', () => {
  it('sends the MIME type of the extension, in any case', () => {
    expect(mimeOf('Scan.PDF')).toBe('application/pdf');
    expect(mimeOf('photo.jpeg')).toBe('image/jpeg');
    expect(mimeOf('error.log')).toBe('text/plain');
    expect(mimeOf('export.v2.json')).toBe('application/json');
    expect(mimeOf('Report.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('accepts no file without an extension or of another type', () => {
    expect(mimeOf('README')).toBeNull();
    expect(mimeOf('setup.exe')).toBeNull();
    expect(mimeOf('diagram.vsdx')).toBeNull();
  });

  it('checks the content of every upload', () => {
    expect(ATTACHMENT_RULES.contentProblem).toBe(contentProblem);
  });

  it('offers the accepted extensions to the file picker', () => {
    expect(accept.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.png', '.jpg', '.gif', '.docx', '.pptx', '.txt', '.csv', '.log', '.json']),
    );
  });
});

describe('upload checks', () => {
  it("refuses what the plugin refuses, with the plugin's messages", () => {
    expect(uploadProblem({ name: 'a.pdf', size: 10 }, 20)).toBe(ATTACHMENT_MESSAGES.tooMany);
    expect(uploadProblem({ name: 'a.exe', size: 10 }, 0)).toBe('This file type is not accepted');
    expect(uploadProblem({ name: 'a.pdf', size: MAX_ATTACHMENT_BYTES + 1 }, 0)).toBe(
      'An attachment may be at most 5 MB',
    );
  });

  it('takes a file of exactly 5 MiB, and the twentieth attachment', () => {
    expect(MAX_ATTACHMENT_BYTES).toBe(5 * 1024 * 1024);
    expect(uploadProblem({ name: 'a.png', size: MAX_ATTACHMENT_BYTES }, 19)).toBeNull();
  });
});

describe('content checks', () => {
  it('knows each binary type by its signature', () => {
    expect(contentProblem('a.pdf', bytes('%PDF-1.7\n'))).toBeNull();
    expect(contentProblem('a.png', bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0))).toBeNull();
    expect(contentProblem('a.jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBeNull();
    expect(contentProblem('a.gif', bytes('GIF87a'))).toBeNull();
    expect(contentProblem('a.gif', bytes('GIF89a', 1))).toBeNull();
    expect(contentProblem('a.docx', bytes('PK', 3, 4, 20))).toBeNull();
  });

  it('refuses a file whose content is not of its type', () => {
    const message = 'The file content does not match its type';
    expect(contentProblem('a.pdf', bytes('%PDF'))).toBe(message);
    expect(contentProblem('a.png', bytes(0xff, 0xd8, 0xff))).toBe(message);
    expect(contentProblem('a.jpg', bytes('GIF89a'))).toBe(message);
    expect(contentProblem('a.gif', bytes('GIF88a'))).toBe(message);
    expect(contentProblem('a.xlsx', bytes('%PDF-'))).toBe(message);
    expect(contentProblem('a.pdf', bytes())).toBe(message);
  });

  it('takes text as valid UTF-8 without NUL bytes', () => {
    expect(contentProblem('a.txt', bytes('Grüße, 日本'))).toBeNull();
    expect(contentProblem('a.json', bytes('{"a":1}'))).toBeNull();
    expect(contentProblem('a.csv', bytes())).toBeNull();
    expect(contentProblem('a.log', bytes('line', 0, 'x'))).toBe(ATTACHMENT_MESSAGES.content);
    expect(contentProblem('a.txt', bytes(0xc3, 0x28))).toBe(ATTACHMENT_MESSAGES.content);
  });

  it('refuses an unknown type before reading it', () => {
    expect(contentProblem('a.exe', bytes('MZ'))).toBe(ATTACHMENT_MESSAGES.type);
  });
});
