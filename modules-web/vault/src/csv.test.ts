import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA } from '@common/domain/testFixtures';
import {
  IMPORT_COLUMNS,
  importColumnOf,
  importRow,
  importTemplateCsv,
  isBlankRecord,
  normalizeHeader,
  processesCsv,
} from './csv';
import { aProcess } from './testFixtures';

/** A CSV text as the import page reads it (papaparse, header row). */
function parse(csv: string) {
  return Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
}

const USD = { code: 'USD', symbol: '$' };

describe('processesCsv', () => {
  const people = indexPeople([ADA]);

  it('writes the import columns first, then the scores and dates; money columns name the currency', () => {
    const header = processesCsv([], people, USD).slice(1).split('\r\n')[0]?.split(',') ?? [];
    expect(header.slice(0, IMPORT_COLUMNS.length)).toEqual(
      IMPORT_COLUMNS.map((column) => (column === 'hourly_cost' ? 'hourly_cost (USD)' : column)),
    );
    const rest = header.slice(IMPORT_COLUMNS.length);
    expect(rest).toEqual(expect.arrayContaining(['potential', 'ease', 'benefit_money (USD)', 'created', 'updated']));
  });

  it('writes labels, the owner as an e-mail address, lists joined with "; " and days', () => {
    const [row] = parse(processesCsv([aProcess()], people, USD)).data;
    expect(row).toMatchObject({
      name: 'Invoice matching',
      department: 'Finance',
      owner_email: 'ada@example.com',
      stage: 'Analysis',
      health: 'At risk',
      monthly_volume: '1200',
      handling_minutes: '6.5',
      complexity: 'medium',
      applications: 'SAP; Outlook',
      bots: '',
      potential: '72',
      'benefit_money (USD)': '56160',
      created: '10/01/2026',
      updated: '20/02/2026',
    });
  });

  it('leaves the owner empty when there is none or the directory does not list them', () => {
    const rows = parse(processesCsv([aProcess({ owner_id: null }), aProcess({ owner_id: 'gone' })], people, USD)).data;
    expect(rows.map((row) => row.owner_email)).toEqual(['', '']);
  });

  it('writes an unassessed potential as an empty cell', () => {
    expect(parse(processesCsv([aProcess({ potential: null })], people, USD)).data[0]?.potential).toBe('');
  });

  it('writes a file the import reads back to the same values', () => {
    const original = aProcess({ name: '=cmd|calc', description: 'Line one\nline "two", three' });
    const [record] = parse(processesCsv([original], people, USD)).data;
    expect(record).toBeDefined();
    expect(importRow(record ?? {})).toEqual({
      name: '=cmd|calc',
      description: 'Line one\nline "two", three',
      department: 'Finance',
      owner_email: 'ada@example.com',
      stage: 'analysis',
      health: 'at_risk',
      monthly_volume: '1200',
      handling_minutes: '6.5',
      hourly_cost: '40',
      exception_rate: '10',
      automation_pct: '0',
      complexity: 'medium',
      applications: 'SAP; Outlook',
    });
  });
});

describe('the import', () => {
  it('offers a template of the import columns alone', () => {
    expect(importTemplateCsv()).toBe(`\uFEFF${IMPORT_COLUMNS.join(',')}\r\n`);
  });

  it('reads headers in any case, spacing or dashes, and the usual aliases', () => {
    expect(normalizeHeader(' Monthly volume ')).toBe('monthly_volume');
    expect(normalizeHeader('MONTHLY-VOLUME')).toBe('monthly_volume');
    expect(normalizeHeader('hourly_cost (EUR) ')).toBe('hourly_cost');
    const columns = {
      'Handling time': 'handling_minutes',
      Owner: 'owner_email',
      'Owner e-mail': 'owner_email',
      Automation: 'automation_pct',
      Potential: undefined,
    };
    for (const [header, column] of Object.entries(columns)) expect(importColumnOf(header)).toBe(column);
  });

  it('turns vocabulary written as keys or labels, in any case, into keys', () => {
    expect(importRow({ Name: 'A', Stage: 'DEVELOPMENT', Health: 'on hold', Complexity: 'High' })).toEqual({
      name: 'A',
      stage: 'development',
      health: 'on_hold',
      complexity: 'high',
    });
    expect(importRow({ name: 'A', stage: ' live ', health: 'At risk' })).toEqual({
      name: 'A',
      stage: 'live',
      health: 'at_risk',
    });
  });

  it('keeps an unknown vocabulary value as written, for the plugin to report', () => {
    expect(importRow({ name: 'A', stage: 'Someday' }).stage).toBe('Someday');
  });

  it('leaves out empty cells and unknown columns, and trims the rest', () => {
    expect(importRow({ name: '  A  ', description: '   ', notes: 'x', monthly_volume: ' 12 ' })).toEqual({
      name: 'A',
      monthly_volume: '12',
    });
  });

  it('keeps numbers as text: the plugin parses them and names the row when they are wrong', () => {
    expect(importRow({ name: 'A', monthly_volume: 'lots' }).monthly_volume).toBe('lots');
  });

  it('has an empty name when the row has none, so the plugin reports it', () => {
    expect(importRow({ description: 'x' }).name).toBe('');
  });

  it('tells a line of commas from a row', () => {
    expect(isBlankRecord({ name: '', description: ' ', x: undefined })).toBe(true);
    expect(isBlankRecord({ name: '', description: 'x' })).toBe(false);
  });
});
