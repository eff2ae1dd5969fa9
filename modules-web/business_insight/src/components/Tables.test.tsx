// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { benefits, figure } from '../testFixtures';
import { MonthTable } from './Tables';

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
