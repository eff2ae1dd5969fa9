import { describe, expect, it } from 'vitest';

import { ATTACHMENT_RULES } from './attachments';

// The checks themselves are @common/lib/files' (and tested there); these are the ticket's.
describe('attachment rules', () => {
  const { mimeOf, uploadProblem, contentProblem } = ATTACHMENT_RULES;

  it("takes the plugin's types, WebP among them", () => {
    expect(mimeOf('Report.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(mimeOf('screen.webp')).toBe('image/webp');
    expect(mimeOf('diagram.vsdx')).toBeNull();
  });

  it("refuses what the plugin refuses, with the plugin's messages", () => {
    expect(uploadProblem({ name: 'a.pdf', size: 10 }, 20)).toBe('A ticket may have at most 20 attachments');
    expect(uploadProblem({ name: 'a.exe', size: 10 }, 0)).toBe('This file type is not accepted');
    expect(uploadProblem({ name: 'a.pdf', size: 5 * 1024 * 1024 + 1 }, 0)).toBe('An attachment may be at most 5 MB');
    expect(contentProblem('a.pdf', new TextEncoder().encode('MZ'))).toBe('The file content does not match its type');
  });

  it('takes a file of exactly 5 MiB, and the twentieth attachment', () => {
    expect(uploadProblem({ name: 'a.png', size: 5 * 1024 * 1024 }, 19)).toBeNull();
  });
});
