// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { benefits, figure, processRow } from '../testFixtures';
import { MonthTable, ProcessTable } from './Tables';

beforeAll(stubBrowser);
afterEach(cleanup);

describe('MonthTable', () => {
  it('marks a month without runs beside its ROI without a value, and a month of fewer days of run data', () => {
    const roi = (value: number | null) => ({ estimated: figure(value, 'percent'), realised: figure(value, 'percent') });
    const months = [
      { month: '2025-08', days: 31, data_days: 0, ...benefits(), roi: roi(null) },
      { month: '2025-09', days: 30, data_days: 17, ...benefits({ cost: 400, licence: 300 }, 9), roi: roi(33.33) },
      { month: '2025-10', days: 31, data_days: 31, ...benefits({ cost: 900, licence: 600 }, 20), roi: roi(50) },
    ];
    renderWithShell(<MonthTable months={months} currency={{ code: 'EUR', symbol: '€' }} onOpen={() => undefined} />, {
      moduleKey: 'business_insight',
    });

    const table = screen.getByRole('table', { name: 'Benefits by month' });
    const august = within(table).getByRole('row', { name: /^Aug 2025/ });
    expect(within(august).getByText('(No runs)')).toBeTruthy();
    expect(
      within(august).getByRole('button', { name: /^ROI \(realised\), Aug 2025: —\. Show the formula$/ }),
    ).toBeTruthy();
    const september = within(table).getByRole('row', { name: /^Sep 2025/ });
    expect(within(september).getByText('(17 days of run data)')).toBeTruthy();
    expect(within(september).queryByText('(No runs)')).toBeNull();
    expect(within(table).getByRole('row', { name: /^Oct 2025/ }).textContent).not.toMatch(/No runs|run data/);
  });
});

describe('ProcessTable', () => {
  const processes = [
    processRow('Invoice intake', 'Finance', { cost: 900, roi: 20 }, 5),
    processRow('Invoice matching', 'Finance', { cost: 300, roi: 80 }, 5),
    processRow('Payroll', 'HR', { cost: 1200, roi: 50 }, 5),
  ];
  const names = () =>
    within(screen.getByRole('table', { name: 'Benefits by process' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent ?? '');

  it('opens with the search and sort the URL holds, and writes them back as they change', async () => {
    const shell = renderWithShell(
      <ProcessTable
        processes={processes}
        range={{ from: '2025-01-01', to: '2025-12-31' }}
        currency={{ code: 'EUR', symbol: '€' }}
        onOpen={() => undefined}
      />,
      { moduleKey: 'business_insight', url: '/BusinessInsight?q=invoice&sort=-roi' },
    );
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('invoice');
    expect(names()).toEqual([expect.stringMatching(/^Invoice matching/), expect.stringMatching(/^Invoice intake/)]);

    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    await waitFor(() => expect(shell.location().search).toBe('?q=invoice&sort=process'));
    expect(names()).toEqual([expect.stringMatching(/^Invoice intake/), expect.stringMatching(/^Invoice matching/)]);

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(shell.location().search).toBe('?sort=process'));
    expect(names()).toHaveLength(3);
  });
});
