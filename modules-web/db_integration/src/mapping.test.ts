import { describe, expect, it } from 'vitest';

import {
  presetName,
  sourceOfKind,
  sourceText,
  statusChoices,
  unmappedRequired,
  withField,
  withNewStatus,
  withStatus,
} from './mapping';
import { JOBS } from './testFixtures';

describe('a table mapping', () => {
  it('says where each field comes from', () => {
    expect(sourceText(JOBS.fields.bot!)).toBe('Robots.Name where Id = RobotId');
    expect(sourceText(JOBS.fields.started_at!)).toBe('StartTime, or CreationTime when empty');
    expect(sourceText(sourceOfKind('constant', 'x'))).toBe('“”');
  });

  it('names the required fields it leaves unmapped, and maps or unmaps a field', () => {
    expect(unmappedRequired(JOBS)).toEqual(['process']);
    const mapped = withField(JOBS, 'process', sourceOfKind('column', 'ReleaseId'));
    expect(unmappedRequired(mapped)).toEqual([]);
    expect(unmappedRequired(withField(mapped, 'bot', null))).toEqual(['bot']);
    // The table it came from is left as it was.
    expect(JOBS.fields.process).toBeUndefined();
  });

  it('edits the status table', () => {
    const added = withNewStatus(JOBS);
    expect(added.statuses[3]).toEqual({ from: '', to: 'running' });
    expect(withStatus(added, 3, { from: '6', to: 'stopped' }).statuses[3]).toEqual({ from: '6', to: 'stopped' });
    expect(withStatus(JOBS, 0, null).statuses.map((row) => row.from)).toEqual(['4', '5']);
  });

  it("offers the target's statuses and leaving a row out", () => {
    expect(statusChoices('queue_items').map((choice) => choice.value)).toEqual([
      'new',
      'in_progress',
      'successful',
      'failed',
      'abandoned',
      'skip',
    ]);
  });

  it('names a mapping by its preset, or as made by hand', () => {
    const presets = [{ key: 'uipath', name: 'UiPath Orchestrator', time_zone_hint: 'UTC', tables: [] }];
    expect(presetName(presets, 'uipath', 'Custom')).toBe('UiPath Orchestrator');
    expect(presetName(presets, null, 'Custom')).toBe('Custom');
    expect(presetName(undefined, 'uipath', 'Custom')).toBe('uipath');
  });
});
