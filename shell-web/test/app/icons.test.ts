import { describe, expect, it } from 'vitest';

import { ICON_NAMES } from '../../src/app/icons';
import reference from '../../../docs/module-reference.md?raw';

describe('page icons', () => {
  it('are the names the module reference lists, no more and no fewer', () => {
    const listed = reference.split('<!-- icons:')[1]?.split('<!-- /icons -->')[0] ?? '';
    const names = [...listed.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]);
    expect(names).toEqual([...ICON_NAMES].sort());
  });
});
