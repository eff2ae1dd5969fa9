import { useCallback, useEffect, useState } from 'react';

import { DEFAULT_THEME, loadThemeOptions, saveThemeOptions, type ThemeOptions } from './options';

export interface ThemeControls {
  options: ThemeOptions;
  /** Changes some options and remembers them for this user. */
  change(patch: Partial<ThemeOptions>): void;
  /** Back to the defaults (`DEFAULT_THEME`). */
  reset(): void;
}

/** The signed-in user's theme options, kept in local storage under the user's id. */
export function useThemeOptions(userId: string): ThemeControls {
  const [state, setState] = useState(() => ({ userId, options: loadThemeOptions(userId) }));
  // Another user signing in on this page reads their own options.
  const options = state.userId === userId ? state.options : loadThemeOptions(userId);

  useEffect(() => {
    if (state.userId !== userId) setState({ userId, options: loadThemeOptions(userId) });
  }, [state.userId, userId]);

  const change = useCallback(
    (patch: Partial<ThemeOptions>) => {
      setState((previous) => {
        const next = { ...(previous.userId === userId ? previous.options : loadThemeOptions(userId)), ...patch };
        saveThemeOptions(userId, next);
        return { userId, options: next };
      });
    },
    [userId],
  );

  const reset = useCallback(() => change({ ...DEFAULT_THEME }), [change]);

  return { options, change, reset };
}
