// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';

import { queryKeys } from '../../src/app/queryClient';
import { LiveSession } from '../../src/app/startup/LiveSession';
import { visibleModulesKey } from '../../src/modules';
import type { Session } from '../../src/session';

beforeAll(stubBrowser);
afterEach(cleanup);

describe('LiveSession', () => {
  it('reads the rights, the modules and the user list again when the host cannot replay what was missed', async () => {
    const session = { token: 'test-token', userdata: {} } as unknown as Session;
    const view = renderWithShell(<LiveSession session={session} />);
    const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
    await waitFor(() => expect(view.server.realtime.streams).toHaveLength(1));
    expect(invalidate).not.toHaveBeenCalled();

    view.server.realtime.streams[0]!.send('event: reset\nid: e-9\ndata: Messages are no longer available\n\n');
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.me('test-token') }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: visibleModulesKey('test-token') });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.users('test-token') });
  });
});
