// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ApiError } from '@autoscope/web-sdk';
import { stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { QueryError } from './QueryError';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderError(error: unknown) {
  const onRetry = vi.fn();
  render(
    <MantineProvider>
      <QueryError title="The board could not be loaded" error={error} onRetry={onRetry} />
    </MantineProvider>,
  );
  return onRetry;
}

describe('QueryError', () => {
  it("shows a failure's message with Retry", () => {
    const onRetry = renderError(new ApiError(502, 'The module failed'));
    expect(screen.getByRole('alert').textContent).toContain('The module failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows a refusal without Retry: trying again would not change it', () => {
    renderError(new ApiError(403, 'Your rights do not allow Process Vault, whose data this needs'));
    expect(screen.getByRole('alert').textContent).toContain('Your rights do not allow Process Vault');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
