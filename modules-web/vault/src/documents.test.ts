import { describe, expect, it } from 'vitest';

import { DOCUMENT_RULES, MAX_DOCUMENT_BYTES } from './documents';

const { accept, mimeOf, uploadProblem } = DOCUMENT_RULES;

describe('upload checks', () => {
  it('sends the MIME type of the extension, in any case', () => {
    expect(mimeOf('Flow.PDF')).toBe('application/pdf');
    expect(mimeOf('photo.jpg')).toBe('image/jpeg');
    expect(mimeOf('process.v2.bpmn')).toBe('application/bpmn+xml');
    expect(mimeOf('diagram.vsdx')).toBe('application/vnd.ms-visio.drawing');
  });

  it('accepts no file without an extension or of another type', () => {
    expect(mimeOf('README')).toBeNull();
    expect(mimeOf('setup.exe')).toBeNull();
    expect(mimeOf('archive.docx.zip')).toBeNull();
  });

  it('offers the accepted extensions to the file picker', () => {
    expect(accept.split(',')).toEqual(expect.arrayContaining(['.pdf', '.png', '.xlsx', '.csv', '.bpmn']));
    expect(accept).not.toContain('.exe');
  });

  it("refuses what the plugin refuses, with the plugin's messages", () => {
    expect(uploadProblem({ name: 'a.pdf', size: 10 }, 20)).toBe('A process may have at most 20 documents');
    expect(uploadProblem({ name: 'a.exe', size: 10 }, 0)).toBe('This file type is not accepted');
    expect(uploadProblem({ name: 'a.pdf', size: MAX_DOCUMENT_BYTES + 1 }, 0)).toBe('A document may be at most 2 MB');
  });

  it('takes a document of exactly 2 MiB, and the twentieth document', () => {
    expect(MAX_DOCUMENT_BYTES).toBe(2 * 1024 * 1024);
    expect(uploadProblem({ name: 'a.png', size: MAX_DOCUMENT_BYTES }, 19)).toBeNull();
  });
});
