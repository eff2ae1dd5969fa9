// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { Onboarding } from '@autoscope/web-sdk';
import { TEST_USER, fakeServer, renderWithShell, reply, settle, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { FirstRunNotice } from './FirstRunNotice';

beforeAll(stubBrowser);
afterEach(cleanup);

const step = (module: string, key: string, title: string, route: string, done: boolean) => ({
  module,
  key,
  title,
  description: null,
  route,
  done,
});

const FRESH: Onboarding = {
  steps: [
    step('vault', 'processes', 'Add or import processes', '/Process', false),
    step('bots', 'bot', 'Add a bot', '/BotProfile', true),
    step('bots', 'first_run', 'Create an API key and send a first run', '/BotProfile?tab=keys', false),
    step('team', 'colleague', 'Invite a colleague', '/TeamMaster?tab=invitations', false),
  ],
  sample: { available: true, loaded: false },
};

function renderNotice(answer: unknown, user = TEST_USER) {
  const server = fakeServer().on('GET', '/api/onboarding', answer);
  return renderWithShell(
    <FirstRunNotice steps={['vault.processes', 'bots.first_run']}>
      <p>Choose a longer range</p>
    </FirstRunNotice>,
    { server, user },
  );
}

describe('the empty state of a dashboard', () => {
  it('leads a company without data to the open steps of the modules the page reads', async () => {
    const view = renderNotice(FRESH);
    expect(await screen.findByText('No data yet')).toBeTruthy();
    expect(screen.queryByText('Choose a longer range')).toBeNull();
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Add or import processes', '/Process'],
      ['Create an API key and send a first run', '/BotProfile?tab=keys'],
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Add or import processes' }));
    expect(view.location().pathname).toBe('/Process');
    // Sample data is a company admin's to load.
    expect(screen.queryByText(/load sample data/)).toBeNull();
  });

  it('points a company admin to the sample data too', async () => {
    renderNotice(FRESH, { ...TEST_USER, companyAdmin: true });
    expect(await screen.findByText(/Or load sample data from the Getting started checklist/)).toBeTruthy();
  });

  it('keeps the page’s own notice once the company has some of its data, sample data, or without an answer', async () => {
    // Processes but no run yet: the company has data, just not in these days.
    const some = { ...FRESH, steps: FRESH.steps.map((s) => (s.key === 'processes' ? { ...s, done: true } : s)) };
    for (const answer of [some, { ...FRESH, sample: { available: true, loaded: true } }, reply(500, {})]) {
      renderNotice(answer);
      await settle(20);
      expect(screen.getByText('Choose a longer range')).toBeTruthy();
      expect(screen.queryByText('No data yet')).toBeNull();
      cleanup();
    }
  });
});
