import { describe, expect, it } from 'vitest';
import {
  CODE_ESCALATION_MAX_FACTOR,
  ESCALATION_MAX_FACTOR,
  ESCALATION_STEP,
  escalationFactor,
} from '../../src/http/busy-address.ts';

/**
 * How an address's challenged failures raise its work (docs/security.md):
 * ×2 per ESCALATION_STEP. Failed sign-ins stop at ×64, so a member at a
 * venue where someone sprays passwords waits a minute at worst; typed codes
 * keep doubling (the room's phones come in by the QR's pass, which skips
 * the guard), which is what keeps a guesser's day short.
 */
describe('escalation of an address’s challenges', () => {
  it('doubles per step from ×1', () => {
    expect(escalationFactor(0)).toBe(1);
    expect(escalationFactor(ESCALATION_STEP - 1)).toBe(1);
    expect(escalationFactor(ESCALATION_STEP)).toBe(2);
    expect(escalationFactor(3 * ESCALATION_STEP + 5)).toBe(8);
  });

  it('stops at ×64 for sign-ins and goes on for typed codes', () => {
    const spent = 10 * ESCALATION_STEP;
    expect(escalationFactor(spent)).toBe(ESCALATION_MAX_FACTOR);
    expect(escalationFactor(spent, CODE_ESCALATION_MAX_FACTOR)).toBe(1024);
    expect(escalationFactor(100 * ESCALATION_STEP, CODE_ESCALATION_MAX_FACTOR)).toBe(
      CODE_ESCALATION_MAX_FACTOR,
    );
  });
});
