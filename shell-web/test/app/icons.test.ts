import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { ICON_NAMES } from '../../src/app/icons';

describe('page icons', () => {
  it('are the names the module reference lists, no more and no fewer', () => {
    const reference = readFileSync(path.join(import.meta.dirname, '../../../docs/module-reference.md'), 'utf8');
    const listed = reference.split('<!-- icons:')[1]?.split('<!-- /icons -->')[0] ?? '';
    const names = [...listed.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]);
    expect(names).toEqual([...ICON_NAMES].sort());
  });
});
