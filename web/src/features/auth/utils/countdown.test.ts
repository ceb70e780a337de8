import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, useCountdown } from './countdown';

describe('formatCountdown', () => {
  it.each([
    [120, '2:00'],
    [119, '1:59'],
    [61, '1:01'],
    [10, '0:10'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
    [600, '10:00'],
  ])('shows %i seconds as %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down from the start value to zero and stops', () => {
    const { result } = renderHook(() => useCountdown(10));
    expect(result.current.secondsLeft).toBe(10);

    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.secondsLeft).toBe(7);

    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('restarts from the value the server asks for', () => {
    const { result } = renderHook(() => useCountdown(10));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.secondsLeft).toBe(0);

    act(() => result.current.restart(42));
    expect(result.current.secondsLeft).toBe(42);

    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.secondsLeft).toBe(40);
  });
});
