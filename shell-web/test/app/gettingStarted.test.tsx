// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  TEST_USER,
  fakeServer,
  renderWithShell,
  reply,
  settle,
  stubBrowser,
  type FakeServer,
} from '@autoscope/web-sdk/testing';
import type { Onboarding, OnboardingStep } from '@autoscope/web-sdk';

import { GettingStarted, hiddenStorageKey } from '../../src/app/onboarding/GettingStarted';

beforeAll(stubBrowser);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ADMIN = { ...TEST_USER, companyAdmin: true };

function step(key: string, title: string, route: string, done: boolean): OnboardingStep {
  return { module: 'm', key, title, description: null, route, done };
}

const STEPS: OnboardingStep[] = [
  { ...step('processes', 'Add or import processes', '/Process', true), description: 'Or import a CSV file.' },
  step('first_run', 'Create an API key and send a first run', '/BotProfile?tab=keys', false),
  step('bot', 'Add a bot', '/BotProfile', false),
  step('colleague', 'Invite a colleague', '/TeamMaster?tab=invitations', false),
];

function checklist(overrides: Partial<Onboarding> = {}): Onboarding {
  return { steps: STEPS, sample: { available: true, loaded: false }, ...overrides };
}

/** The card over a host whose checklist is `answer` (read again after each change). */
function renderCard(answer: () => Onboarding, user = ADMIN, server: FakeServer = fakeServer()) {
  server.on('GET', '/api/onboarding', () => answer());
  return renderWithShell(<GettingStarted />, { server, user, url: '/BusinessInsight' });
}

describe('the getting-started checklist', () => {
  it('lists each step as a link to its page, with its state and the progress', async () => {
    renderCard(() => checklist());
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(card).getByText('1 of 4 done')).toBeTruthy();
    expect(
      within(card).getByRole('progressbar', { name: 'Getting started progress' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(STEPS.map((s) => s.title));
    expect(within(items[0]!).getByRole('img', { name: 'Done' })).toBeTruthy();
    expect(within(items[0]!).getByText('Or import a CSV file.')).toBeTruthy();
    expect(within(items[1]!).getByRole('img', { name: 'To do' })).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Create an API key and send a first run' }).getAttribute('href'),
    ).toBe('/BotProfile?tab=keys');
  });

  it('goes to the step’s page when its link is clicked', async () => {
    const view = renderCard(() => checklist());
    fireEvent.click(await screen.findByRole('link', { name: 'Invite a colleague' }));
    expect(view.location().pathname).toBe('/TeamMaster');
    expect(view.location().search).toBe('?tab=invitations');
  });

  it('hides itself once every step is done, and when there are no steps', async () => {
    const allDone = STEPS.map((s) => ({ ...s, done: true }));
    const view = renderCard(() => checklist({ steps: allDone }));
    await waitFor(() => expect(view.server.requestsTo('GET', '/api/onboarding')).toHaveLength(1));
    await settle(20);
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    cleanup();

    renderCard(() => checklist({ steps: [] }));
    await settle(20);
    expect(screen.queryByText('Getting started')).toBeNull();
  });

  it('stays while sample data is loaded, so that it can be removed', async () => {
    const allDone = STEPS.map((s) => ({ ...s, done: true }));
    renderCard(() => checklist({ steps: allDone, sample: { available: true, loaded: true } }));
    expect(await screen.findByText('4 of 4 done')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove sample data' })).toBeTruthy();
  });

  it('stays hidden for the person who hid it', async () => {
    renderCard(() => checklist());
    fireEvent.click(await screen.findByRole('button', { name: 'Hide the checklist' }));
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    expect(localStorage.getItem(hiddenStorageKey(ADMIN.id))).toBe('true');
    cleanup();

    renderCard(() => checklist());
    await settle(20);
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    cleanup();

    // Another person on the same browser still sees theirs.
    renderCard(() => checklist(), { ...ADMIN, id: 'user-2' });
    expect(await screen.findByRole('region', { name: 'Getting started' })).toBeTruthy();
  });

  it('lets a company admin load sample data, then remove it, and reads the checklist again', async () => {
    let loaded = false;
    const server = fakeServer()
      .on('POST', '/api/onboarding/sample', () => {
        loaded = true;
        return { message: 'Sample data loaded' };
      })
      .on('DELETE', '/api/onboarding/sample', () => {
        loaded = false;
        return { message: 'Sample data removed' };
      });
    const view = renderCard(() => checklist({ sample: { available: true, loaded } }), ADMIN, server);

    fireEvent.click(await screen.findByRole('button', { name: 'Load sample data' }));
    const remove = await screen.findByRole('button', { name: 'Remove sample data' });
    expect(view.notifications).toEqual([{ message: 'Sample data loaded', kind: 'success' }]);
    expect(screen.getByText(/Sample data is loaded/)).toBeTruthy();

    fireEvent.click(remove);
    expect(await screen.findByRole('button', { name: 'Load sample data' })).toBeTruthy();
    expect(view.notifications.at(-1)).toEqual({ message: 'Sample data removed', kind: 'success' });
    expect(view.server.requestsTo('POST', '/api/onboarding/sample')).toHaveLength(1);
    expect(view.server.requestsTo('DELETE', '/api/onboarding/sample')).toHaveLength(1);
  });

  it('says why when the sample data cannot be loaded', async () => {
    const server = fakeServer().on('POST', '/api/onboarding/sample', reply(502, { message: 'Bot Profile failed' }));
    const view = renderCard(() => checklist(), ADMIN, server);
    fireEvent.click(await screen.findByRole('button', { name: 'Load sample data' }));
    await waitFor(() => expect(view.notifications).toEqual([{ message: 'Bot Profile failed', kind: 'failure' }]));
    expect(screen.getByRole('button', { name: 'Load sample data' })).toBeTruthy();
  });

  it('offers sample data to company admins only, and only when a module has some', async () => {
    renderCard(() => checklist(), TEST_USER);
    await screen.findByRole('region', { name: 'Getting started' });
    expect(screen.queryByRole('button', { name: 'Load sample data' })).toBeNull();
    cleanup();

    renderCard(() => checklist({ sample: { available: false, loaded: false } }));
    await screen.findByRole('region', { name: 'Getting started' });
    expect(screen.queryByRole('button', { name: 'Load sample data' })).toBeNull();
  });
});
