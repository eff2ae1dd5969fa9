import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import { stubBrowser } from '@autoscope/web-sdk/testing';

import { notify } from '../../src/ui';
import { renderInMantine } from '../render';

beforeAll(stubBrowser);
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

describe('the snackbars', () => {
  it('announce a warning at once, told apart from a failure and a success', async () => {
    renderInMantine(<Notifications />);
    act(() => {
      notify('Saved', 'success');
      notify('Not all of it', 'warning');
      notify('Nope', 'failure');
    });
    const warning = await screen.findByText('Not all of it');
    const look = (text: string) => screen.getByText(text).closest('[data-notice]');
    expect(look('Not all of it')?.getAttribute('data-notice')).toBe('warning');
    expect(look('Nope')?.getAttribute('data-notice')).toBe('failure');
    expect(look('Saved')?.getAttribute('data-notice')).toBe('success');
    expect(warning.closest('[role="alert"]')).not.toBeNull();
    expect(look('Saved')?.getAttribute('role')).toBe('status');
  });
});
