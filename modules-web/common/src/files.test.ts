import { describe, expect, it } from 'vitest';

import { base64ToBlob, formatFileSize } from './files';

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
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe(`${(1.5).toLocaleString()} MB`);
  });
});
