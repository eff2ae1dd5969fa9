// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { CsvExport } from './listHooks';

const saveCsv = vi.fn();
vi.mock('./csv', () => ({ saveCsv }));
const { useCsvExportButton, useOpenParam } = await import('./listHooks');

beforeAll(stubBrowser);
afterEach(() => {
  cleanup();
  saveCsv.mockReset();
});

function ExportButton({ load }: { load: () => Promise<CsvExport> }) {
  const button = useCsvExportButton(['run', 'runs'], load);
  return <button onClick={button.onClick}>{button.label}</button>;
}

async function exportWith(load: () => Promise<CsvExport>) {
  const shell = renderWithShell(<ExportButton load={load} />);
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(shell.notifications).toHaveLength(1));
  return shell.notifications[0];
}

describe('the Export CSV button', () => {
  it('saves the file and says how many rows it holds', async () => {
    const said = await exportWith(async () => ({ count: 1_203, csv: 'id\n' }));
    expect(said).toEqual({ message: '1,203 runs exported', kind: 'success' });
    expect(saveCsv).toHaveBeenCalledWith('id\n', expect.stringMatching(/^runs-\d{4}-\d{2}-\d{2}\.csv$/));
  });

  it('warns, naming what was left out, when the export is not whole', async () => {
    const said = await exportWith(async () => ({
      count: 100_000,
      csv: 'id\n',
      leftOut: 'the older runs were left out',
    }));
    expect(said).toEqual({ message: '100,000 runs exported; the older runs were left out', kind: 'warning' });
    expect(saveCsv).toHaveBeenCalledTimes(1);
  });

  it('saves nothing when there is nothing to export', async () => {
    const said = await exportWith(async () => ({ count: 0, csv: '' }));
    expect(said).toEqual({ message: 'There are no runs to export', kind: 'failure' });
    expect(saveCsv).not.toHaveBeenCalled();
  });
});

function Drawer() {
  const drawer = useOpenParam('bot', ['runs']);
  return (
    <>
      <button onClick={() => drawer.open({ id: 'b2' })}>Open b2</button>
      <button onClick={drawer.close}>Close</button>
    </>
  );
}

describe('the record open beside a list', () => {
  it('drops the drawer’s own parameters when another record opens or it closes, and keeps the rest', async () => {
    const shell = renderWithShell(<Drawer />, { url: '/Bots?tab=utilisation&bot=b1&runs=failed' });
    fireEvent.click(screen.getByRole('button', { name: 'Open b2' }));
    await waitFor(() => expect(shell.location().search).toBe('?tab=utilisation&bot=b2'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(shell.location().search).toBe('?tab=utilisation'));
  });
});
