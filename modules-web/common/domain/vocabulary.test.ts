import { describe, expect, it } from 'vitest';

import * as vocabulary from './vocabulary';

const { STAGES, STAGE_LABELS, HEALTH_LABELS } = vocabulary;

describe('the shared vocabulary', () => {
  it('lists the eight stages in board order, those with a column first', () => {
    expect(STAGES).toEqual(['idea', 'assessment', 'analysis', 'development', 'testing', 'live', 'retired', 'rejected']);
    expect(vocabulary.PROGRESS_STAGES).toEqual(STAGES.slice(0, 6));
    expect(vocabulary.END_STAGES).toEqual(['retired', 'rejected']);
  });

  it('labels stages and health in the product’s words', () => {
    expect(STAGES.map((stage) => STAGE_LABELS[stage]).join(', ')).toBe(
      'Idea, Assessment, Analysis, Development, Testing, Live, Retired, Rejected',
    );
    expect(HEALTH_LABELS).toEqual({ on_track: 'On track', at_risk: 'At risk', delayed: 'Delayed', on_hold: 'On hold' });
  });

  it('gives select options in the vocabulary order', () => {
    expect(vocabulary.STAGE_OPTIONS[0]).toEqual({ value: 'idea', label: 'Idea' });
    expect(vocabulary.STAGE_OPTIONS).toHaveLength(8);
    expect(vocabulary.HEALTH_OPTIONS.map((option) => option.value)).toEqual([...vocabulary.HEALTHS]);
    expect(vocabulary.COMPLEXITY_OPTIONS.map((option) => option.label)).toEqual(['Low', 'Medium', 'High']);
  });

  it('tells its own values from others', () => {
    const { isStage, isHealth, isComplexity } = vocabulary;
    expect([isStage('live'), isStage('Live'), isStage('closed'), isStage(null)]).toEqual([true, false, false, false]);
    expect([isHealth('on_hold'), isHealth(''), isComplexity('high'), isComplexity(undefined)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('labels a stored value, shows a foreign one as it is and a missing one as a dash', () => {
    const { stageLabel, healthLabel, complexityLabel } = vocabulary;
    expect([stageLabel('analysis'), stageLabel('archived'), stageLabel(null), stageLabel('')]).toEqual([
      'Analysis',
      'archived',
      '—',
      '—',
    ]);
    expect([healthLabel('at_risk'), healthLabel('unknown')]).toEqual(['At risk', 'unknown']);
    expect([complexityLabel('medium'), complexityLabel(undefined)]).toEqual(['Medium', '—']);
  });

  it('colours unknown values gray', () => {
    const { stageColor, healthColor } = vocabulary;
    expect([stageColor('rejected'), stageColor('nope'), healthColor('delayed'), healthColor(null)]).toEqual([
      'red',
      'gray',
      'red',
      'gray',
    ]);
  });
});
