// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { OpenFigure } from '../figures';
import { figure } from '../testFixtures';
import { FormulaDrawer } from './FormulaDrawer';

beforeAll(stubBrowser);
afterEach(cleanup);

const EUR = { code: 'EUR', symbol: '€' };

const HOURS: OpenFigure = {
  title: 'Hours saved (realised)',
  context: 'All processes',
  figure: {
    value: 1404,
    unit: 'hours',
    formula: 'runs × minutes saved per run ÷ 60',
    inputs: [
      { label: 'Successful runs', value: 12960, unit: 'count' },
      { label: 'Minutes saved per run', value: 6.5, unit: 'minutes' },
    ],
    note: 'Failed runs save nothing.',
  },
};

function renderDrawer(shown: OpenFigure | null) {
  return renderWithShell(<FormulaDrawer shown={shown} currency={EUR} onClose={() => undefined} />, {
    moduleKey: 'business_insight',
  });
}

describe('FormulaDrawer', () => {
  it('shows the figure, its formula in words and every input', () => {
    renderDrawer(HOURS);

    const drawer = screen.getByRole('dialog', { name: 'Hours saved (realised)' });
    expect(within(drawer).getByText('All processes')).toBeTruthy();
    expect(within(drawer).getByRole('heading', { name: '1,404 h' })).toBeTruthy();
    expect(within(drawer).getByText('runs × minutes saved per run ÷ 60')).toBeTruthy();
    const rows = within(within(drawer).getByRole('table', { name: 'Inputs' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['Successful runs12,960', 'Minutes saved per run6.5 min']);
    expect(within(drawer).getByText('Failed runs save nothing.')).toBeTruthy();
    expect(within(drawer).getByText(/Money is in EUR \(€\)/)).toBeTruthy();
  });

  it('writes money in the currency, cents under 1,000 and whole units above', () => {
    renderDrawer({
      title: 'Cost saved (realised)',
      context: 'Invoice matching',
      figure: {
        value: 24_000,
        unit: 'money',
        formula: 'hours saved × hourly cost',
        inputs: [
          { label: 'Hours saved', value: 600, unit: 'hours' },
          { label: 'Hourly cost', value: 40, unit: 'money' },
        ],
      },
    });

    const drawer = screen.getByRole('dialog', { name: 'Cost saved (realised)' });
    expect(within(drawer).getByRole('heading', { name: '€24,000' })).toBeTruthy();
    const rows = within(within(drawer).getByRole('table', { name: 'Inputs' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['Hours saved600 h', 'Hourly cost€40.00']);
  });

  it('says when nothing was counted', () => {
    renderDrawer({ title: 'Licence cost', context: 'Invoice matching', figure: figure(0, 'money') });

    const drawer = screen.getByRole('dialog', { name: 'Licence cost' });
    expect(within(drawer).getByText('Nothing counted: every part is 0.')).toBeTruthy();
    expect(within(drawer).queryByRole('table')).toBeNull();
  });

  it('is closed while no figure is open', () => {
    renderDrawer(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
