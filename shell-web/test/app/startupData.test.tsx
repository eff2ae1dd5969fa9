// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { stubBrowser } from '@autoscope/web-sdk/testing';

import { USER_LIST_ERROR, useStartupData } from '../../src/app/startup/useStartupData';
import { SessionProvider, useSession, type Session } from '../../src/session';
import { Snackbars } from '../../src/ui';
import { stubHost, type HostAnswers, type HostRequest } from '../fakeHost';
import { userData } from '../fixtures';

beforeAll(stubBrowser);

const USER = userData();
let answers: HostAnswers;
let requests: HostRequest[];

beforeEach(() => {
  localStorage.clear();
  requests = [];
  answers = {
    '/api/users/me': { status: 200, body: USER },
    '/api/master/list': { status: 200, body: { data: [] } },
    '/api/logs/all_logs': { status: 200, body: { data: [], nextCursor: null } },
  };
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  stubHost(answers, requests);
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Startup({ session }: { session: Session }) {
  useStartupData(session);
  return <p>Started</p>;
}

function SignedIn() {
  const { session, signIn } = useSession();
  if (!session) {
    void signIn('tok', USER);
    return null;
  }
  return <Startup session={session} />;
}

function renderStartup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Snackbars />
      <QueryClientProvider client={client}>
        <SessionProvider>
          <SignedIn />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the start of a signed-in session', () => {
  it("says in the app's snackbar that the user list could not be had, once", async () => {
    answers['/api/users/all_users'] = { status: 500, body: { message: 'Something went wrong' } };
    renderStartup();

    const notice = (await screen.findByText(USER_LIST_ERROR)).closest('[data-notice]');
    expect(notice?.getAttribute('data-notice')).toBe('failure');
    expect(screen.getAllByText(USER_LIST_ERROR)).toHaveLength(1);
    expect(window.alert).not.toHaveBeenCalled();
  });
});
