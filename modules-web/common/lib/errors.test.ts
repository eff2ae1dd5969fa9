import { describe, expect, it } from 'vitest';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@autoscope/web-sdk';

import { errorMessage, isConflict, isNotFound, isRefused } from './errors';

describe('errors', () => {
  it("shows the server's message of a failed call", () => {
    expect(errorMessage(new ApiError(400, 'Please enter the process name'))).toBe('Please enter the process name');
  });

  it('shows the generic message for anything else', () => {
    expect(errorMessage(new Error('socket hang up'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage('oops')).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('tells a 404 and a 409 by status', () => {
    expect(isNotFound(new ApiError(404, 'Process not found'))).toBe(true);
    expect(isNotFound(new ApiError(409, 'changed'))).toBe(false);
    expect(isConflict(new ApiError(409, 'changed'))).toBe(true);
    expect(isConflict(new Error('409'))).toBe(false);
    expect(isRefused(new ApiError(403, 'Your rights do not allow Process Vault, whose data this needs'))).toBe(true);
    expect(isRefused(new ApiError(404, 'gone'))).toBe(false);
  });
});
