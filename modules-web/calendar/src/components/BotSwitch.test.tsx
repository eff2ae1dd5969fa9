// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { BotSwitch } from './BotSwitch';

beforeAll(stubBrowser);
afterEach(cleanup);

const toggle = () => screen.getByRole('switch', { name: /^Bot schedules/ }) as HTMLInputElement;

describe('BotSwitch', () => {
  it('is off and says why when Bot Profile is not there', () => {
    const onChange = vi.fn();
    renderWithShell(
      <BotSwitch layer={{ available: false, windows: [], unscheduled: [] }} checked onChange={onChange} />,
    );
    expect(toggle().disabled).toBe(true);
    expect(toggle().checked).toBe(false);
    expect(screen.getByText('Bot Profile is not installed or not open to you')).toBeTruthy();
  });

  it('turns the layer on and lists the bots it cannot draw', async () => {
    const layer = { available: true, windows: [], unscheduled: [{ bot: 'Invoice bot', schedule: 'on demand' }] };
    function Page() {
      const [checked, setChecked] = useState(false);
      return <BotSwitch layer={layer} checked={checked} onChange={setChecked} />;
    }
    renderWithShell(<Page />);
    expect(toggle().disabled).toBe(false);
    expect(screen.queryByRole('button', { name: '1 bots not drawn' })).toBeNull();
    fireEvent.click(toggle());
    expect(toggle().checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '1 bots not drawn' }));
    expect(await screen.findByText('Invoice bot: on demand')).toBeTruthy();
  });
});
