import { describe, expect, it } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { botsCsv, calculationCsv } from './csv';
import { BOT, CALCULATION } from './testFixtures';

const EUR = { code: 'EUR', symbol: '€' };

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('CSV exports', () => {
  it('list the inventory with status and owner names', () => {
    const people = indexPeople([
      { user_id: 'u1', email: 'ann@acme.test', firstname: 'Ann', lastname: 'Lee', job_title: null },
    ]);
    const statuses = new Map([
      [
        'Invoice bot',
        { bot: 'Invoice bot', id: 'b1', status: 'idle' as const, running: 0, running_since: null, last_event_at: null },
      ],
    ]);
    expect(lines(botsCsv([BOT], statuses, people, EUR))).toEqual([
      'Name,Status,Last run event,Type,Vendor,Machine,Owner,Licence cost per year (EUR),Processes,Schedule,Notes',
      'Invoice bot,Idle,,Unattended,UiPath,VM-01,Ann Lee,7300,Invoice posting; Payroll check,Mon-Fri 06:00-18:00,',
    ]);
    expect(lines(botsCsv([{ ...BOT, name: 'Other' }], new Map(), people, EUR))[1]?.startsWith('Other,,,')).toBe(true);
  });

  it('list the calculation in the company currency, guarding formulas', () => {
    expect(lines(calculationCsv(CALCULATION))).toEqual([
      'Bot,In inventory,Licence cost per year (EUR),Items,Cost (EUR),Hours saved,Savings (EUR),Net benefit (EUR),Payback (months)',
      'Alpha,yes,7300,640,60,70,3400,3340,0.2',
      "'=Ghost,no,0,10,0,1,50,50,",
    ]);
  });
});
