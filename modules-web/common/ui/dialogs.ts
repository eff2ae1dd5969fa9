/** Dialog state for modals and drawers. */

import { useCallback, useMemo, useState } from 'react';

import type { DialogProps } from './ResponsiveModal';

/** Dialogs stack above a page's drawer, from which most of them open. */
export const ABOVE_DRAWER = 300;

/**
 * A dialog and what it is about. The target outlives closing, so the content stays while
 * the dialog animates out; `key` changes on each open, so a form starts afresh. `props` are
 * the dialog's own (opened, onClose, zIndex).
 */
export function useDialog<T>() {
  const [state, setState] = useState<{ opened: boolean; target: T | null; key: number }>({
    opened: false,
    target: null,
    key: 0,
  });
  const open = useCallback((target: T) => setState((current) => ({ opened: true, target, key: current.key + 1 })), []);
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  const props = useMemo<DialogProps>(
    () => ({ opened: state.opened, onClose: close, zIndex: ABOVE_DRAWER }),
    [state.opened, close],
  );
  return { ...state, open, close, props };
}
