import { describe, expect, it } from 'vitest';

import { FILE_RULES, dataUrl } from './attachments';
import { heartbeatStatus, presenceMap, statusOf } from './presence';
import { MAX_FILE_BYTES, MESSAGES } from './generated';
import { channelNameProblem, directPeopleProblem, messageProblem, topicProblem } from './validation';

describe('messageProblem', () => {
  it('refuses an empty message unless a file goes with it', () => {
    expect(messageProblem('  ', false)).toBe(MESSAGES.TEXT_REQUIRED);
    expect(messageProblem('', true)).toBeNull();
    expect(messageProblem('Hello', false)).toBeNull();
  });

  it('refuses more than 4,000 characters', () => {
    expect(messageProblem('x'.repeat(4000), false)).toBeNull();
    expect(messageProblem('x'.repeat(4001), false)).toBe('A message may be at most 4,000 characters');
  });
});

describe('dialog checks', () => {
  it('asks for a channel name', () => {
    expect(channelNameProblem(' ')).toBe('A channel name is required');
    expect(channelNameProblem('general')).toBeNull();
    expect(channelNameProblem('x'.repeat(81))).toBe('A channel name may be at most 80 characters');
    expect(topicProblem('x'.repeat(250))).toBeNull();
    expect(topicProblem('x'.repeat(251))).toBe('A topic may be at most 250 characters');
  });

  it('takes 1 to 8 people for a direct message', () => {
    expect(directPeopleProblem([])).toBe('Choose 1 to 8 people for a direct conversation');
    expect(directPeopleProblem(['a'])).toBeNull();
    expect(directPeopleProblem(Array.from({ length: 9 }, (_, index) => `u${index}`))).toBe(MESSAGES.DIRECT_SIZE);
  });
});

// The checks themselves are @common/lib/files' (and tested there); these are a message's.
describe('files', () => {
  const { mimeOf, uploadProblem, contentProblem } = FILE_RULES;

  it('refuses a file above 5 MB, or of a type the plugin does not take, however many were sent', () => {
    expect(uploadProblem({ name: 'a.pdf', size: MAX_FILE_BYTES }, 1000)).toBeNull();
    expect(uploadProblem({ name: 'a.pdf', size: MAX_FILE_BYTES + 1 }, 0)).toBe('A file may be at most 5 MB');
    expect(uploadProblem({ name: 'run.exe', size: 10 }, 0)).toBe(MESSAGES.TYPE_NOT_ACCEPTED);
  });

  it('sends the MIME type of the extension', () => {
    expect(mimeOf('a.PNG')).toBe('image/png');
    expect(mimeOf('a.webp')).toBe('image/webp');
    expect(mimeOf('notes.log')).toBe('text/plain');
    expect(mimeOf('blob')).toBeNull();
  });

  it('refuses a file whose content is not of its type', () => {
    expect(contentProblem('a.png', new TextEncoder().encode('MZ'))).toBe(MESSAGES.CONTENT_MISMATCH);
  });

  it('makes a data URL of base64 content', () => {
    expect(dataUrl('image/png', 'AAA=')).toBe('data:image/png;base64,AAA=');
  });
});

describe('presence', () => {
  it('is away while the tab is hidden', () => {
    expect(heartbeatStatus('hidden')).toBe('away');
    expect(heartbeatStatus('visible')).toBe('online');
  });

  it('takes an unknown user as offline', () => {
    const map = presenceMap([{ user_id: 'u1', status: 'online' }]);
    expect(statusOf(map, 'u1')).toBe('online');
    expect(statusOf(map, 'u2')).toBe('offline');
  });
});
