// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { fakeServer, renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { Heatmap } from '../types';
import { UtilisationHeatmap } from './UtilisationHeatmap';

beforeAll(stubBrowser);
afterEach(cleanup);

/** Monday 2026-03-02 00:00 UTC. */
const DAY0 = 1_772_409_600;
const DAY = 86_400;

const HEATMAP: Heatmap = {
  range: { from: '2026-03-02', to: '2026-03-04', start: DAY0, end: DAY0 + 3 * DAY, days: 3 },
  days: [DAY0, DAY0 + DAY, DAY0 + 2 * DAY],
  bots: [
    {
      bot: 'Alpha',
      id: 'a',
      busy_seconds: [5_400, 0, 7_200],
      utilisation: [0.0625, 0, 0.0833],
      average: 0.0347,
    },
  ],
  non_working: [],
  formula: 'Utilisation of a day = seconds of the runs the bot started that day ÷ 86,400',
};

function renderHeatmap(heatmap: Heatmap) {
  renderWithShell(<UtilisationHeatmap heatmap={heatmap} onOpen={() => undefined} />, {
    server: fakeServer(),
    moduleKey: 'bots',
  });
}

describe('UtilisationHeatmap', () => {
  it("names Calendar's holidays and maintenance windows on their days", () => {
    renderHeatmap({
      ...HEATMAP,
      non_working: [
        { day: DAY0 + DAY, name: "Founders' Day", kind: 'holiday' },
        { day: DAY0 + DAY, name: 'SAP upgrade', kind: 'maintenance' },
        { day: DAY0 + 2 * DAY, name: 'SAP upgrade', kind: 'maintenance' },
      ],
    });

    expect(screen.getByRole('columnheader', { name: 'Mon 02/03' })).toBeTruthy();
    expect(
      screen.getByRole('columnheader', { name: "Tue 03/03, Public holiday: Founders' Day; Maintenance: SAP upgrade" }),
    ).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Wed 04/03, Maintenance: SAP upgrade' })).toBeTruthy();
    expect(
      screen.getByRole('cell', {
        name: "Alpha, Tue 03/03: 0 % (0 s busy). Public holiday: Founders' Day; Maintenance: SAP upgrade",
      }),
    ).toBeTruthy();
    expect(screen.getByText('Public holiday (Calendar)')).toBeTruthy();
    expect(screen.getByText('Maintenance (Calendar)')).toBeTruthy();
  });

  it('says nothing of non-working days when the range has none', () => {
    renderHeatmap(HEATMAP);

    expect(screen.getByRole('columnheader', { name: 'Tue 03/03' })).toBeTruthy();
    expect(screen.queryByText(/Calendar/)).toBeNull();
    expect(
      screen.queryAllByRole('cell').some((cell) => /holiday|Maintenance/i.test(cell.getAttribute('aria-label') ?? '')),
    ).toBe(false);
  });
});
