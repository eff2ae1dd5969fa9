import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import { Drawer, MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { stubBrowser } from '@autoscope/web-sdk/testing';
import type { ReactNode } from 'react';

import { notify, Snackbars } from '../../src/ui';
import { placeSnackbar, useSnackbarPlacement, type Box, type OpenDialog } from '../../src/ui/snackbarPlacement';
import { renderInMantine } from '../render';

beforeAll(stubBrowser);
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

const look = (text: string) => screen.getByText(text).closest('[data-notice]');

describe('the snackbars', () => {
  it('announce a warning at once, told apart from a failure and a success', async () => {
    renderInMantine(<Snackbars />);
    act(() => notify('Not all of it', 'warning'));
    const warning = await screen.findByText('Not all of it');
    expect(look('Not all of it')?.getAttribute('data-notice')).toBe('warning');
    expect(warning.closest('[role="alert"]')).not.toBeNull();

    act(() => notify('Nope', 'failure'));
    await screen.findByText('Nope');
    expect(look('Nope')?.getAttribute('data-notice')).toBe('failure');
    expect(look('Nope')?.getAttribute('role')).toBe('alert');

    act(() => notify('Saved', 'success'));
    await screen.findByText('Saved');
    expect(look('Saved')?.getAttribute('data-notice')).toBe('success');
    expect(look('Saved')?.getAttribute('role')).toBe('status');
  });

  it('show one at a time: the newest replaces the one showing', async () => {
    renderInMantine(<Snackbars />);
    act(() => {
      notify('Ticket saved', 'success');
      notify('Ticket #1 is now Waiting', 'success');
    });
    await screen.findByText('Ticket #1 is now Waiting');
    await waitFor(() => expect(screen.queryByText('Ticket saved')).toBeNull());
    expect(document.querySelectorAll('[data-notice]')).toHaveLength(1);
  });
});

const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });
const drawer = (left: number, right: number, height: number, headerHeight = 60): OpenDialog => ({
  box: box(left, 0, right, height),
  header: box(left, 0, right, headerHeight),
});
const boxOfPlacement = ({ top, centre, width }: { top: number; centre: number; width: number }, height: number) =>
  box(centre - width / 2, top, centre + width / 2, top + height);
const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('where the snackbar goes', () => {
  it('stays at the top centre with nothing open, or with a dialog that leaves it clear', () => {
    expect(placeSnackbar(1440, [], 64)).toEqual({ top: 16, centre: 720, width: 440 });
    expect(placeSnackbar(390, [], 64)).toEqual({ top: 16, centre: 195, width: 358 });
    // The theme configurator (384 px from the right) and a small modal in the middle of the screen.
    const theme = drawer(1056, 1440, 900);
    const smallModal = { box: box(500, 300, 940, 560), header: box(500, 300, 940, 360) };
    expect(placeSnackbar(1440, [theme, smallModal], 64)).toEqual({ top: 16, centre: 720, width: 440 });
  });

  it('keeps to the page beside a wide drawer at 1440 px, clear of all of it', () => {
    // A record's drawer (size xl, 780 px) from the right.
    const record = drawer(660, 1440, 900);
    const placed = placeSnackbar(1440, [record], 64);
    expect(placed).toEqual({ top: 16, centre: 330, width: 440 });
    expect(overlap(boxOfPlacement(placed, 64), record.box)).toBe(false);
  });

  it("goes below the header of a drawer or modal that fills a phone's screen", () => {
    const record = drawer(0, 390, 844, 72);
    const placed = placeSnackbar(390, [record], 90);
    expect(placed).toEqual({ top: 80, centre: 195, width: 358 });
    expect(overlap(boxOfPlacement(placed, 90), record.header!)).toBe(false);
  });

  it('goes below the headers of a tall modal and a drawer too wide to leave room beside them', () => {
    const tall = { box: box(420, 45, 1020, 860), header: box(420, 45, 1020, 105) };
    const wide = drawer(200, 1440, 900, 70);
    expect(placeSnackbar(1440, [wide, tall], 64)).toEqual({ top: 113, centre: 720, width: 440 });
  });
});

describe('the snackbar host', () => {
  it('follows an open drawer: below its header when the drawer fills the screen', async () => {
    // jsdom lays nothing out: the drawer fills a phone's screen, its header is 72 px tall.
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const rect = (bottom: number) => ({
        x: 0,
        y: 0,
        left: 0,
        top: 0,
        right: 390,
        bottom,
        width: 390,
        height: bottom,
      });
      if (this.getAttribute('role') === 'dialog') return { ...rect(844), toJSON: () => ({}) };
      if (this.tagName === 'HEADER') return { ...rect(72), toJSON: () => ({}) };
      return { ...rect(0), right: 0, width: 0, toJSON: () => ({}) };
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MantineProvider env="test">
        <Drawer opened onClose={() => undefined} title="Ticket #1">
          Details
        </Drawer>
        {children}
      </MantineProvider>
    );
    const { result } = renderHook(() => useSnackbarPlacement(), { wrapper });
    expect(result.current).toBeNull();
    act(() => notify('Ticket saved', 'success'));
    await waitFor(() => expect(result.current).toEqual({ top: 80, centre: 195, width: 358 }));
  });
});
