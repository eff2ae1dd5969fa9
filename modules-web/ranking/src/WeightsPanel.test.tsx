// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import type { ComponentProps } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { WEIGHTS_RANGE_MESSAGE, WEIGHTS_ZERO_MESSAGE } from './weights';
import { WeightsPanel } from './WeightsPanel';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderPanel(props: Partial<ComponentProps<typeof WeightsPanel>> = {}) {
  const handlers = { onChange: vi.fn(), onSave: vi.fn(), onReset: vi.fn() };
  renderWithShell(
    <WeightsPanel
      weights={{ benefit: 50, ease: 30, potential: 20 }}
      problem={null}
      dirty={false}
      updating={false}
      saving={false}
      saveError={null}
      {...handlers}
      {...props}
    />,
    { moduleKey: 'ranking' },
  );
  return handlers;
}

const button = (name: string) => screen.getByRole('button', { name });

describe('WeightsPanel', () => {
  it('shows each weight and its share of the score; nothing to save or reset at first', () => {
    renderPanel();

    expect(screen.getByRole('heading', { name: 'Weights' })).toBeTruthy();
    expect(screen.getByText('Benefit: 50')).toBeTruthy();
    expect(screen.getByText('50% of the score')).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Ease weight' }).getAttribute('aria-valuenow')).toBe('30');
    expect(button('Save')).toHaveProperty('disabled', true);
    expect(button('Reset')).toHaveProperty('disabled', true);
    expect(screen.queryByText('What-if, not saved')).toBeNull();
  });

  it('moves a weight by the keyboard', () => {
    const { onChange } = renderPanel();

    fireEvent.keyDown(screen.getByRole('slider', { name: 'Potential weight' }), { key: 'ArrowRight' });

    expect(onChange).toHaveBeenCalledWith({ benefit: 50, ease: 30, potential: 21 });
  });

  it('saves and resets what-if weights', () => {
    const { onSave, onReset } = renderPanel({ dirty: true });

    expect(screen.getByText('What-if, not saved')).toBeTruthy();
    fireEvent.click(button('Save'));
    fireEvent.click(button('Reset'));

    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('says why weights cannot be saved', () => {
    const { onSave } = renderPanel({
      weights: { benefit: 0, ease: 0, potential: 0 },
      dirty: true,
      problem: WEIGHTS_ZERO_MESSAGE,
    });

    expect(screen.getByRole('alert').textContent).toBe(WEIGHTS_ZERO_MESSAGE);
    expect(button('Save')).toHaveProperty('disabled', true);
    fireEvent.submit(button('Save').closest('form')!);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows why a save failed', () => {
    renderPanel({ dirty: true, saveError: WEIGHTS_RANGE_MESSAGE });

    expect(screen.getByRole('alert').textContent).toBe(WEIGHTS_RANGE_MESSAGE);
  });
});
