import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inactivityLimitTicks, startInactivityTimer } from './inactivity';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('inactivity timer', () => {
  it('allows primaryIdProtectTime × 6 ticks of 10 s', () => {
    expect(inactivityLimitTicks('30')).toBe(180);
    expect(inactivityLimitTicks('1')).toBe(6);
    expect(inactivityLimitTicks('')).toBe(1);
    expect(inactivityLimitTicks('x')).toBe(1);
  });

  it('expires once after the limit without activity', () => {
    const onExpire = vi.fn();
    const timer = startInactivityTimer(6, onExpire);
    vi.advanceTimersByTime(50_000);
    expect(timer.ticks()).toBe(5);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('restarts the count a second after activity pauses', () => {
    const onExpire = vi.fn();
    const timer = startInactivityTimer(6, onExpire);
    vi.advanceTimersByTime(50_000);
    timer.activity();
    vi.advanceTimersByTime(500);
    timer.activity();
    vi.advanceTimersByTime(999);
    expect(timer.ticks()).toBe(5);
    vi.advanceTimersByTime(1);
    expect(timer.ticks()).toBe(0);
    vi.advanceTimersByTime(50_000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('stops counting when stopped', () => {
    const onExpire = vi.fn();
    startInactivityTimer(1, onExpire).stop();
    vi.advanceTimersByTime(60_000);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
