import {
  addPracticeDays,
  atPracticeTime,
  isSamePracticeDay,
  practiceWeekDays,
  startOfPracticeWeek,
} from '@praxia/shared';
import { useState } from 'react';

/** The week (and, on a narrow screen, the day) the calendar shows: 7-day steps, a jump to today (spec §2.2, §9). */
export function useCalendarWeek(now = new Date()) {
  const [weekStart, setWeekStart] = useState(() => startOfPracticeWeek(now));
  const days = practiceWeekDays(weekStart);
  const todayIndex = days.findIndex((day) => isSamePracticeDay(day, now));
  const [dayIndex, setDayIndex] = useState(Math.max(0, todayIndex));
  return {
    weekStart,
    weekEnd: addPracticeDays(weekStart, 7),
    days,
    dayIndex,
    stepWeek: (step: -1 | 1) => setWeekStart((start) => addPracticeDays(start, 7 * step)),
    /** One day on; across Sunday or Monday into the neighbouring week. */
    stepDay: (step: -1 | 1) => {
      const next = dayIndex + step;
      if (next >= 0 && next <= 6) return setDayIndex(next);
      setWeekStart((start) => addPracticeDays(start, 7 * step));
      setDayIndex(next < 0 ? 6 : 0);
    },
    today: () => {
      setWeekStart(startOfPracticeWeek(new Date()));
      setDayIndex(weekdayIndex(new Date()));
    },
  };
}

/** 0 for Monday … 6 for Sunday, in practice time. */
export function weekdayIndex(instant: Date): number {
  const start = startOfPracticeWeek(instant);
  return practiceWeekDays(start).findLastIndex((day) => day.getTime() <= instant.getTime());
}

/**
 * The day a link asks the calendar to open ('?day=YYYY-MM-DD', as the overview links today), at noon German time;
 * null for none or anything that is not a real day.
 */
export function dayFromLink(value: string | null): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const noon = new Date(`${value}T12:00:00Z`);
  if (Number.isNaN(noon.getTime()) || noon.toISOString().slice(0, 10) !== value) return null;
  return atPracticeTime(noon, 12);
}
