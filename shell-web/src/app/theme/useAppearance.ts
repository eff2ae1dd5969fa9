import { useEffect } from 'react';
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

import { DENSITIES, type ThemeOptions } from './options';

/**
 * Applies the user's colour scheme and density to the whole page (drawers and menus, which
 * render outside the layout, too) while the signed-in area is shown, and puts the light,
 * comfortable look back when it closes. Answers the scheme in effect.
 */
export function useAppearance({ colorScheme, density }: Pick<ThemeOptions, 'colorScheme' | 'density'>) {
  const { setColorScheme } = useMantineColorScheme();
  const shown = useComputedColorScheme('light');
  useEffect(() => {
    setColorScheme(colorScheme);
  }, [colorScheme, setColorScheme]);
  useEffect(() => () => setColorScheme('light'), [setColorScheme]);
  useEffect(() => {
    // Mantine's sizes are rem times this variable.
    const root = document.documentElement.style;
    root.setProperty('--mantine-scale', String(DENSITIES[density]));
    return () => {
      root.removeProperty('--mantine-scale');
    };
  }, [density]);
  return shown;
}
