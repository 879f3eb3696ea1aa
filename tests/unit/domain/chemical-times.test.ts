import { describe, expect, it } from 'vitest';
import { agentTotalMinutes, agentTotalTime, agentVolumeLitres, isValidPumpFlow, type AgentRowTimes } from '@/domain/chemical-times';

describe('agent row total time', () => {
  it.each<[AgentRowTimes, number | null, string]>([
    [{ initial: '08:00', final: '12:00' }, 240, '04:00'],
    [{ initial: '08:00', final: '17:00', interval_initial: '12:00', interval_final: '13:00' }, 480, '08:00'],
    // midnight wrap: final earlier than initial adds 1440 minutes
    [{ initial: '22:00', final: '06:00' }, 480, '08:00'],
    [{ initial: '22:00', final: '06:00', interval_initial: '02:00', interval_final: '02:30' }, 450, '07:30'],
    // the interval wraps too (a night break across midnight)
    [{ initial: '18:00', final: '06:00', interval_initial: '23:30', interval_final: '00:30' }, 660, '11:00'],
    [{ initial: '08:00', final: '08:00' }, 0, '00:00'],
    [{ initial: '08:07', final: '12:12' }, 245, '04:05'],
    // the interval counts only when both of its times are filled
    [{ initial: '08:00', final: '17:00', interval_initial: '12:00', interval_final: '' }, 540, '09:00'],
    [{ initial: '08:00', final: '17:00', interval_initial: '12:00', interval_final: '1:00' }, 540, '09:00'],
    // cleared: nothing typed, or work times missing or malformed
    [{}, null, ''],
    [{ initial: '', final: '', interval_initial: '', interval_final: '' }, null, ''],
    [{ interval_initial: '12:00', interval_final: '13:00' }, null, ''],
    [{ initial: '08:00' }, null, ''],
    [{ initial: '7:5', final: '12:00' }, null, ''],
    [{ initial: '08:00', final: '25:00' }, null, ''],
    [{ initial: '08:00', final: '12:60' }, null, ''],
    [{ initial: null, final: null }, null, ''],
    // an interval longer than the work time gives no total, not a negative one
    [{ initial: '08:00', final: '09:00', interval_initial: '10:00', interval_final: '12:00' }, null, ''],
  ])('%j → %s min (%j)', (row, minutes, text) => {
    expect(agentTotalMinutes(row)).toBe(minutes);
    expect(agentTotalTime(row)).toBe(text);
  });
});

describe('agent row volume', () => {
  it.each<[unknown, string | number | null, number | null]>([
    [1, '04:00', 240],
    ['0,985', '04:00', 236.4],
    ['1.5', '08:00', 720],
    [2, 30, 60],
    [0, '04:00', 0],
    [1, '00:00', 0],
    [1, '', null],
    [1, null, null],
    [1, '4:00', null],
    ['', '04:00', null],
    ['abc', '04:00', null],
    [-1, '04:00', null],
    [1, -5, null],
    [1, Number.NaN, null],
  ])('pump_flow %j × %j → %s L', (flow, time, expected) => {
    const volume = agentVolumeLitres(flow, time);
    if (expected === null) expect(volume).toBeNull();
    else expect(volume).toBeCloseTo(expected, 9);
  });
});

describe('pump flow field', () => {
  it.each<[unknown, boolean]>([
    [0, true],
    ['1,50', true],
    ['0.01', true],
    [2.25, true],
    ['1,505', false],
    [-0.01, false],
    ['', false],
    ['abc', false],
  ])('%j → %s', (value, expected) => {
    expect(isValidPumpFlow(value)).toBe(expected);
  });
});
