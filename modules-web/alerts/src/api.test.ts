import { describe, expect, it } from 'vitest';

import { checkedNotice } from './api';
import { aChecked, aRule } from './testFixtures';

describe('checkedNotice', () => {
  const rule = aRule();

  it('says what the evaluation found: firing as a warning, OK as a success', () => {
    expect(checkedNotice(aChecked(rule, true, '4 of 10 finished runs failed'))).toEqual({
      message: 'Firing: 4 of 10 finished runs failed',
      kind: 'warning',
    });
    expect(checkedNotice(aChecked(rule, false, 'No finished runs in the last hour'))).toEqual({
      message: 'OK: No finished runs in the last hour',
      kind: 'success',
    });
  });

  it('says why a rule could not be checked, and that a switched-off one is not', () => {
    expect(checkedNotice({ rule, evaluation: null, error: 'Bot Profile is not installed', incident: null })).toEqual({
      message: 'Invoices failing could not be checked: Bot Profile is not installed',
      kind: 'failure',
    });
    expect(checkedNotice({ rule: { ...rule, enabled: false }, evaluation: null, error: null, incident: null })).toEqual(
      {
        message: 'Invoices failing is switched off: it is not checked',
        kind: 'success',
      },
    );
  });
});
