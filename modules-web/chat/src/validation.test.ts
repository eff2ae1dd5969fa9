import { describe, expect, it } from 'vitest';

import { FILE_MESSAGES, MAX_FILE_BYTES, dataUrl, fileProblem, mimeOf } from './attachments';
import { heartbeatStatus, presenceMap, statusOf } from './presence';
import { MESSAGES } from './generated';
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

describe('files', () => {
  it('refuses a file above 5 MB, or of a type the plugin does not take', () => {
    expect(fileProblem({ name: 'a.pdf', size: MAX_FILE_BYTES })).toBeNull();
    expect(fileProblem({ name: 'a.pdf', size: MAX_FILE_BYTES + 1 })).toBe('A file may be at most 5 MB');
    expect(fileProblem({ name: 'run.exe', size: 10 })).toBe(FILE_MESSAGES.type);
  });

  it('sends the MIME type of the extension', () => {
    expect(mimeOf('a.PNG')).toBe('image/png');
    expect(mimeOf('notes.log')).toBe('text/plain');
    expect(mimeOf('blob')).toBeNull();
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
