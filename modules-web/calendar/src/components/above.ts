/**
 * Dialogs opened from inside a drawer or a modal. Mantine closes every open one on Escape, so the
 * one below stops closing on Escape while a dialog is above it (as `DetailDrawer`'s `closeOnEscape`).
 */

import { createContext, useCallback, useContext, useEffect, useState } from 'react';

const ReportAbove = createContext<(open: boolean) => void>(() => undefined);

export const AboveProvider = ReportAbove.Provider;

/** In the drawer or modal below: whether a dialog is open above it, and the report to provide. */
export function useDialogsAbove(): { anyAbove: boolean; report: (open: boolean) => void } {
  const [count, setCount] = useState(0);
  const report = useCallback((open: boolean) => setCount((current) => current + (open ? 1 : -1)), []);
  return { anyAbove: count > 0, report };
}

/** In a component that opens a dialog above: says when it is open. */
export function useAbove(opened: boolean) {
  const report = useContext(ReportAbove);
  useEffect(() => {
    if (!opened) return undefined;
    report(true);
    return () => report(false);
  }, [opened, report]);
}
