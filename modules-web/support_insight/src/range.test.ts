import { describe, expect, it } from 'vitest';

import {
  choiceFromParams,
  defaultBucket,
  insightQuery,
  paramsWithChoice,
  rangeProblem,
  spanDays,
  withDays,
  withKind,
  type RangeChoice,
} from './range';

const TODAY = '2040-02-29';
const params = (text: string) => new URLSearchParams(text);
const custom = (from: string, to: string, bucket: RangeChoice['bucket'] = 'day'): RangeChoice => ({
  kind: 'custom',
  from,
  to,
  bucket,
});

describe('the choice in the URL', () => {
  it('is the last 30 days by day when the URL says nothing (or nonsense)', () => {
    const expected = { kind: '30', from: '2040-01-31', to: TODAY, bucket: 'day' };
    expect(choiceFromParams(params(''), TODAY)).toEqual(expected);
    expect(choiceFromParams(params('range=365&bucket=year'), TODAY)).toEqual(expected);
  });

  it('reads a preset with the bucket that suits it, or the one chosen', () => {
    expect(choiceFromParams(params('range=90'), TODAY)).toEqual({
      kind: '90',
      from: '2039-12-02',
      to: TODAY,
      bucket: 'week',
    });
    expect(choiceFromParams(params('range=7&bucket=month'), TODAY).bucket).toBe('month');
  });

  it('reads custom days as they are, even unfinished ones', () => {
    expect(choiceFromParams(params('range=custom&from=2040-01-01&to=2040-06-30'), TODAY)).toEqual(
      custom('2040-01-01', '2040-06-30', 'month'),
    );
    expect(choiceFromParams(params('range=custom&from=2040-01-01'), TODAY)).toEqual(custom('2040-01-01', ''));
  });

  it('writes only what differs from the defaults, and keeps other parameters', () => {
    const written = (choice: RangeChoice) => paramsWithChoice(params('tab=x&bucket=week'), choice).toString();
    expect(written({ kind: '30', from: '', to: '', bucket: 'day' })).toBe('tab=x');
    expect(written({ kind: '90', from: '', to: '', bucket: 'day' })).toBe('tab=x&range=90&bucket=day');
    expect(written(custom('2040-02-01', TODAY))).toBe('tab=x&range=custom&from=2040-02-01&to=2040-02-29');
  });

  it('reads back what it wrote', () => {
    for (const choice of [
      custom('2040-01-01', '2040-06-30', 'day'),
      { kind: '7', from: '2040-02-23', to: TODAY, bucket: 'week' } as RangeChoice,
    ]) {
      expect(choiceFromParams(paramsWithChoice(params(''), choice), TODAY)).toEqual(choice);
    }
  });
});

describe('buckets and spans', () => {
  it('suit the span: days up to a month, weeks up to half a year, then months', () => {
    expect([1, 31, 32, 180, 181, 400].map(defaultBucket)).toEqual(['day', 'day', 'week', 'week', 'month', 'month']);
  });

  it('count both days of a custom range', () => {
    expect(spanDays(custom(TODAY, TODAY))).toBe(1);
    expect(spanDays(custom('2040-02-01', '2040-03-01'))).toBe(30);
    expect(spanDays(custom('2040-03-01', '2040-02-01'))).toBeNull();
    expect(spanDays({ kind: '90', from: '', to: '', bucket: 'week' })).toBe(90);
  });
});

describe('the custom range', () => {
  it('says what is wrong with it', () => {
    expect(rangeProblem(custom('', TODAY))).toBe('Choose a start and an end date');
    expect(rangeProblem(custom('2040-02-30', TODAY))).toBe('Choose a start and an end date');
    expect(rangeProblem(custom('2040-03-01', TODAY))).toBe('The start date must be on or before the end date');
    expect(rangeProblem(custom('2039-01-25', TODAY))).toBe('Choose at most 400 days');
    expect(rangeProblem(custom('2039-01-26', TODAY))).toBeNull();
    expect(rangeProblem({ kind: '7', from: '', to: '', bucket: 'day' })).toBeNull();
  });

  it('starts from the days the preset covered and follows its days with the bucket until one is chosen', () => {
    const from90 = withKind({ kind: '90', from: '', to: '', bucket: 'week' }, 'custom', TODAY);
    expect(from90).toEqual(custom('2039-12-02', TODAY, 'week'));
    expect(withKind(from90, 'custom', TODAY)).toBe(from90);
    expect(withDays(from90, '2040-02-20', TODAY).bucket).toBe('day');
    const chosen = { ...from90, bucket: 'month' as const };
    expect(withDays(chosen, '2040-02-20', TODAY).bucket).toBe('month');
  });

  it('gives a preset the bucket that suits it', () => {
    expect(withKind(custom('2040-01-01', TODAY, 'month'), '7', TODAY)).toEqual({
      kind: '7',
      from: '2040-02-23',
      to: TODAY,
      bucket: 'day',
    });
  });
});

describe('the query', () => {
  it('asks the days a preset shows, up to today', () => {
    const week = choiceFromParams(params('range=7'), TODAY);
    expect(insightQuery(week)).toEqual({ from: '2040-02-23', to: TODAY, bucket: 'day' });
  });

  it('asks custom days as chosen, both included, or nothing while they have a problem', () => {
    expect(insightQuery(custom(TODAY, '2040-03-01', 'week'))).toEqual({
      from: TODAY,
      to: '2040-03-01',
      bucket: 'week',
    });
    expect(insightQuery(custom('2040-03-01', TODAY))).toBeNull();
  });
});
