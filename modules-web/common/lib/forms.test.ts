import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { hasErrors, submitOnModEnter, toNumberValue } from './forms';

function keyDown(init: { key: string; ctrlKey?: boolean; metaKey?: boolean }) {
  const requestSubmit = vi.fn();
  const preventDefault = vi.fn();
  const event = { ctrlKey: false, metaKey: false, ...init, preventDefault, currentTarget: { requestSubmit } };
  submitOnModEnter(event as unknown as KeyboardEvent<HTMLFormElement>);
  return { requestSubmit, preventDefault };
}

describe('forms', () => {
  it('counts only the fields that carry a message', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ name: undefined })).toBe(false);
    expect(hasErrors({ name: '', stage: undefined })).toBe(false);
    expect(hasErrors({ name: 'Please enter the process name' })).toBe(true);
  });

  it('keeps a number input as a number, or empty', () => {
    expect([toNumberValue(''), toNumberValue('12.5'), toNumberValue('x'), toNumberValue(3)]).toEqual(['', 12.5, '', 3]);
  });

  it('submits on Ctrl+Enter and Cmd+Enter', () => {
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }]) {
      const { requestSubmit, preventDefault } = keyDown({ key: 'Enter', ...modifier });
      expect(requestSubmit).toHaveBeenCalledOnce();
      expect(preventDefault).toHaveBeenCalledOnce();
    }
  });

  it('leaves Enter alone (a new line) and other keys with Ctrl', () => {
    expect(keyDown({ key: 'Enter' }).requestSubmit).not.toHaveBeenCalled();
    expect(keyDown({ key: 's', ctrlKey: true }).requestSubmit).not.toHaveBeenCalled();
  });
});
