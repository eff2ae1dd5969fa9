// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import SupportInsightPage from './SupportInsightPage';
import { BOB, INSIGHT } from './testFixtures';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderPage(url: string) {
  const server = fakeServer()
    .on('GET', '/api/m/support_insight/insight', INSIGHT)
    .on('GET', '/api/m/support_insight/people', [BOB]);
  return renderWithShell(<SupportInsightPage />, { server, moduleKey: 'support_insight', url });
}

describe('SupportInsightPage', () => {
  it('says why custom days cannot be shown, and asks for nothing', async () => {
    const { server } = renderPage('/SupportInsight?range=custom&from=2040-03-01&to=2040-02-01');

    const range = screen.getByRole('group', { name: 'Date range' });
    expect(within(range).getByRole('alert').textContent).toBe('The start date must be on or before the end date');
    expect(within(range).getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Support Insight' })).toBeTruthy();
    expect(server.requestsTo('GET', '/api/m/support_insight/insight')).toEqual([]);
  });

  it('asks for the days once they are right, and keeps them in the URL', async () => {
    const { server, location } = renderPage('/SupportInsight?range=custom&from=2040-02-29&to=2040-02-01');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2040-03-01' } });

    await waitFor(() => expect(server.requestsTo('GET', '/api/m/support_insight/insight')).toHaveLength(1));
    const [request] = server.requestsTo('GET', '/api/m/support_insight/insight');
    expect(Object.fromEntries(request!.query)).toEqual({ from: '2040-02-29', to: '2040-03-01', bucket: 'day' });
    expect(new URLSearchParams(location().search).get('to')).toBe('2040-03-01');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
