/** The CSV export of the ranking, built in the browser. */

import type { Currency } from '@autoscope/web-sdk';

import { toCsv, type CsvCell } from '@common/lib/csv';
import { isoDay } from '@common/lib/format';
import { healthLabel, stageLabel } from '@common/domain/vocabulary';
import type { RankedProcess } from './api';
import { bucketInfo } from './buckets';

/** The columns, money under a header that names the currency (`Yearly benefit (USD)`). */
export function csvHeader(currency: Currency): string[] {
  return [
    'Rank',
    'Process',
    'Department',
    'Stage',
    'Health',
    'Score',
    'Value',
    'Ease',
    'Potential',
    'Yearly benefit (hours)',
    `Yearly benefit (${currency.code})`,
    'Yearly benefit (FTE)',
    'Bucket',
  ];
}

/** One row per process, numbers as numbers (no thousands separators), in rank order. */
export function rankingCsvRows(items: readonly RankedProcess[]): CsvCell[][] {
  return items.map((item) => [
    item.rank,
    item.name,
    item.department,
    stageLabel(item.stage),
    healthLabel(item.health),
    item.score,
    item.value,
    item.ease,
    item.potential,
    item.benefit_hours,
    item.benefit_money,
    item.benefit_fte,
    bucketInfo(item.bucket).label,
  ]);
}

export function rankingCsv(items: readonly RankedProcess[], currency: Currency): string {
  return toCsv(csvHeader(currency), rankingCsvRows(items));
}

/** `process-ranking-2025-01-31.csv`, by the local date. */
export function rankingCsvFileName(now: Date): string {
  return `process-ranking-${isoDay(now)}.csv`;
}
