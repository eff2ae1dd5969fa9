import { describe, expect, it } from 'vitest';

import { job } from './testFixtures';
import { backfillOf, durationText, isActive, progressParts, progressText, reportOf, withJob } from './syncs';

const REPORT = {
  tables: 2,
  table: 0,
  read: 200,
  stored: 150,
  skipped: 30,
  rejected: 20,
  rejections: [],
  cancelled: false,
};

describe('a sync', () => {
  it('reads its report from the progress, empty before the first step', () => {
    expect(reportOf(job()).read).toBe(0);
    expect(reportOf(job({ progress: REPORT })).stored).toBe(150);
  });

  it('shows stored, skipped and rejected as parts of the rows read', () => {
    expect(progressParts(reportOf(job({ progress: REPORT })))).toEqual({ stored: 75, skipped: 15, rejected: 10 });
    expect(progressParts(reportOf(job()))).toEqual({ stored: 0, skipped: 0, rejected: 0 });
  });

  it('says which table it reads and its counts', () => {
    expect(progressText(reportOf(job({ progress: { ...REPORT, read: 12_000 } })))).toBe(
      'Table 1 of 2: 12,000 rows read, 150 stored, 30 skipped, 20 rejected',
    );
    // After its last table the index is past the end.
    expect(progressText(reportOf(job({ progress: { ...REPORT, table: 2 } })))).toMatch(/^Table 2 of 2:/);
    expect(progressText(reportOf(job()))).toBe('0 rows read, 0 stored, 0 skipped, 0 rejected');
  });

  it('runs until it is done, failed or cancelled, and says for how long', () => {
    expect(isActive(job())).toBe(true);
    expect(isActive(job({ status: 'cancelling' }))).toBe(true);
    expect(isActive(job({ status: 'failed' }))).toBe(false);
    expect(durationText(job({ finished_at: 1_042 }), 9_999)).toBe('42 s');
    expect(durationText(job(), 1_185)).toBe('3 min 5 s');
    expect(durationText(job({ finished_at: 1_000 + 7_800 }), 0)).toBe('2 h 10 min');
  });

  it('knows a back-fill by its input', () => {
    expect(backfillOf(job())).toBeNull();
    expect(backfillOf(job({ input: { connection_id: 'c1', backfill: [0, 86_400] } }))).toEqual([0, 86_400]);
  });

  it('keeps the latest state of a sync, whichever arrives last', () => {
    const done = job({ status: 'done', steps: 2, updated_at: 1_010, finished_at: 1_010 });
    // The answer to "Sync now" (running, no step yet) after the change that it finished.
    expect(withJob([done], job())[0]).toBe(done);
    // Cancelled within the same second as its last step: the finished state stands.
    const cancelled = job({ status: 'cancelled', steps: 2, updated_at: 1_010 });
    expect(withJob([cancelled], job({ status: 'cancelling', steps: 2, updated_at: 1_010 }))[0]).toBe(cancelled);
    expect(withJob([job()], done)[0]).toBe(done);
  });

  it('keeps the list current: a change replaces, a new sync comes first', () => {
    const list = [job({ id: 'old', status: 'done' })];
    const added = withJob(list, job());
    expect(added.map((j) => j.id)).toEqual(['j1', 'old']);
    expect(withJob(added, job({ steps: 3 })).map((j) => [j.id, j.steps])).toEqual([
      ['j1', 3],
      ['old', 0],
    ]);
  });
});
