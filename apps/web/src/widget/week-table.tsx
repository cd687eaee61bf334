/** @jsxImportSource preact */
import type { WidgetSlot } from '@praxia/shared/appointments/widget-schemas';
import { dateText, dayMonthText, timeText, weekdayShort } from './format';
import { useTexts } from './texts';
import { groupSlotsByDay, stepWeek } from './week';

type WeekTableProps = {
  weekStart: Date;
  slots: readonly WidgetSlot[];
  isLoading: boolean;
  canGoBack: boolean;
  selectedId: number | null;
  onWeek: (weeks: number) => void;
  onSelect: (slot: WidgetSlot) => void;
};

const SKELETON_SLOTS = [0, 1, 2];

/** Step 3: Monday to Sunday side by side, each day's free times as buttons; grey placeholders while loading. */
export function WeekTable({ weekStart, slots, isLoading, canGoBack, selectedId, onWeek, onSelect }: WeekTableProps) {
  const { t, language } = useTexts();
  const days = groupSlotsByDay(isLoading ? [] : slots, weekStart);
  const lastDay = stepWeek(weekStart, 1).getTime() - 1;
  return (
    <div class="week">
      <div class="week-nav">
        <button
          type="button"
          class="icon"
          onClick={() => onWeek(-1)}
          disabled={!canGoBack}
          aria-label={t('previousWeek')}
        >
          ‹
        </button>
        <p class="week-range" aria-live="polite">
          {dayMonthText(weekStart)} – {dateText(new Date(lastDay))}
        </p>
        <button type="button" class="icon" onClick={() => onWeek(1)} aria-label={t('nextWeek')}>
          ›
        </button>
      </div>
      {isLoading && (
        <p role="status" class="visually-hidden">
          {t('loading')}
        </p>
      )}
      <div class="days" aria-busy={isLoading}>
        {days.map(({ day, isoDate, slots: daySlots }) => (
          <fieldset key={isoDate} class="day">
            <legend class="day-name">
              <abbr title={dateText(day)}>{weekdayShort(day, language)}</abbr>
              <span>{dayMonthText(day)}</span>
            </legend>
            {isLoading
              ? SKELETON_SLOTS.map((index) => <span key={index} class="slot skeleton" aria-hidden="true" />)
              : daySlots.map((slot) => (
                  <button
                    key={slot.id}
                    type="button"
                    class="slot"
                    aria-pressed={slot.id === selectedId}
                    aria-label={t('slotAt', {
                      weekday: weekdayShort(slot.appointmentStart, language),
                      date: dateText(slot.appointmentStart),
                      time: timeText(slot.appointmentStart),
                    })}
                    onClick={() => onSelect(slot)}
                  >
                    {timeText(slot.appointmentStart)}
                  </button>
                ))}
          </fieldset>
        ))}
      </div>
    </div>
  );
}
