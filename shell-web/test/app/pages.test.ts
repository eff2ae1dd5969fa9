import { describe, expect, it } from 'vitest';

import { grantsQuery, refusalReasons } from '../../src/app/pages/admin/ModulesPage';
import { filterByText } from '../../src/app/pages/admin/tablePage';
import { pictureProblem, PICTURE_NOT_AN_IMAGE, PICTURE_TOO_LARGE } from '../../src/app/pages/profile/PictureCard';

describe('pictureProblem (host/src/users/pictures.rs limits)', () => {
  it('takes PNG, JPEG, GIF and WebP up to 1 MiB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(pictureProblem({ type, size: 1024 * 1024 })).toBeNull();
    }
  });

  it('refuses other types, SVG included, with the host’s words', () => {
    for (const type of ['image/svg+xml', 'application/pdf', '']) {
      expect(pictureProblem({ type, size: 10 })).toBe(PICTURE_NOT_AN_IMAGE);
    }
    expect(PICTURE_NOT_AN_IMAGE).toBe('Please upload a PNG, JPEG, GIF or WebP image');
  });

  it('refuses a picture over 1 MiB', () => {
    expect(pictureProblem({ type: 'image/png', size: 1024 * 1024 + 1 })).toBe(PICTURE_TOO_LARGE);
    expect(PICTURE_TOO_LARGE).toBe('The picture must be at most 1 MB');
  });
});

describe('module installs', () => {
  it('send the grants the admin chose', () => {
    expect(grantsQuery('declared', ['storage'])).toBe('declared');
    expect(grantsQuery('none', ['storage'])).toBe('');
    expect(grantsQuery('chosen', ['storage', ' notify ', '', 'read:support.tickets'])).toBe(
      'storage,notify,read:support.tickets',
    );
    expect(grantsQuery('declared', [], true)).toBe('declared,limits');
    expect(grantsQuery('chosen', ['storage'], true)).toBe('storage,limits');
    expect(grantsQuery('none', [], true)).toBe('limits');
  });

  it('list every reason of a refusal', () => {
    expect(refusalReasons('The package was refused: digest mismatch for backend.wasm; unknown rights key x')).toEqual([
      'digest mismatch for backend.wasm',
      'unknown rights key x',
    ]);
    expect(refusalReasons("Unknown capability 'teleport'")).toEqual(["Unknown capability 'teleport'"]);
  });
});

describe('table search', () => {
  const rows = ['Autoscope Demo enterprise', 'Acme Ltd community', 'Autoscope Administration community'];

  it('keeps the rows holding every word, in any case', () => {
    expect(filterByText(rows, 'autoscope COMM', (row) => row)).toEqual(['Autoscope Administration community']);
    expect(filterByText(rows, '  ', (row) => row)).toEqual(rows);
    expect(filterByText(rows, 'nothing', (row) => row)).toEqual([]);
  });
});
