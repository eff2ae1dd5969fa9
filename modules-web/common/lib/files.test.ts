import { describe, expect, it } from 'vitest';

import { base64ToBlob, extensionOf, fileRules, formatFileSize } from './files';

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
