import { MSG, parseTipAmount } from '@floorfill/shared';
import { describe, expect, it } from 'vitest';
import { centsToDollars, checkTipAmount, CUSTOM_TIP } from './tip-amount';

describe('tip amount', () => {
  it('reads the presets as whole dollars', () => {
    expect(checkTipAmount('1', '')).toEqual({ ok: true, cents: 100 });
    expect(checkTipAmount('5', 'ignored')).toEqual({ ok: true, cents: 500 });
  });

  it('requires a custom amount', () => {
    expect(checkTipAmount(CUSTOM_TIP, '  ')).toEqual({ ok: false, message: MSG.fieldRequired });
  });

  it('sends every allowed amount as a number the server reads back to the same cents', () => {
    for (let cents = 100; cents <= 10_000; cents += 1) {
      expect(parseTipAmount(centsToDollars(cents))).toEqual({ ok: true, cents });
    }
  });
});
