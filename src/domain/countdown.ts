export const COUNTDOWN_TICK_MS = 1000;
/** Month index (0-based) of the yearly event, which starts on the 1st at local midnight. */
export const EVENT_MONTH = 4;

export type Countdown =
  | { kind: 'may' }
  | {
      kind: 'counting';
      target: Date;
      days: number;
      hours: number;
      minutes: number;
      seconds: number;
    };

function localMidnight(year: number, month: number, day: number): Date {
  // setFullYear rather than the Date constructor so years 0..99 are not mapped to 19xx.
  const date = new Date(0);
  date.setFullYear(year, month, day);
  date.setHours(0, 0, 0, 0);
  return date;
}

/**
 * Units come from the real elapsed milliseconds, so a DST change between now and the
 * target shows as e.g. 119 days 23 hours rather than a calendar-day count.
 */
export function countdown(now: Date): Countdown {
  const nowMs = now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('countdown needs a valid Date');

  const month = now.getMonth();
  if (month === EVENT_MONTH) return { kind: 'may' };

  const year = now.getFullYear();
  const target = localMidnight(month < EVENT_MONTH ? year : year + 1, EVENT_MONTH, 1);
  const totalSeconds = Math.max(0, Math.floor((target.getTime() - nowMs) / 1000));

  return {
    kind: 'counting',
    target,
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

export function countdownMessages(productName: string): [string, string] {
  return ["Enjoy this year's " + productName + '!', "The countdown will resume on June 1st until next year's " + productName + '!'];
}
