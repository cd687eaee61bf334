import type { WidgetAnswer } from '@praxia/shared/appointments/widget-schemas';
import { useEffect, useState } from 'preact/hooks';
import type { InsuranceType } from './appointment-types';
import { weekWindow } from './week';
import type { WidgetAddress } from './widget-address';
import { loadWidget } from './widget-api';

export type WidgetData = {
  status: 'loading' | 'loaded' | 'failed' | 'notFound';
  /** The latest answer; kept while the next week loads so the header and types stay. */
  answer: WidgetAnswer | null;
  /** The first answer without the insurance filter: all active types (step 2 shows them all, some disabled). */
  catalogue: WidgetAnswer | null;
  reload: () => void;
};

/** What the last call answered, and for which week and filters (`key`). */
type State = Pick<WidgetData, 'status' | 'answer' | 'catalogue'> & { key: string | null };

type Filters = { weekStart: Date; insurance: InsuranceType | null; typeId: number | null };

/** One widget call per week and filter choice (the server finds the next free slot, so empty weeks cost no calls). */
export function useWidgetData(address: WidgetAddress, { weekStart, insurance, typeId }: Filters): WidgetData {
  const [state, setState] = useState<State>({ status: 'loading', answer: null, catalogue: null, key: null });
  const [attempt, setAttempt] = useState(0);
  const weekTime = weekStart.getTime();
  // Until the effect below marks a new choice as loading, the state still holds the previous choice's answer: the
  // status says 'loading' then too, so no one reads that answer as this week's.
  const key = `${weekTime}/${insurance}/${typeId}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger; the week is keyed by its time, and `key` follows from these.
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, status: 'loading' }));
    const window = {
      ...address,
      ...weekWindow(new Date(weekTime)),
      insuranceType: insurance,
      appointmentTypeId: typeId,
    };
    loadWidget(window, controller.signal)
      .then((result) =>
        setState((previous) =>
          result.kind === 'loaded'
            ? {
                status: 'loaded',
                key,
                answer: result.answer,
                // Only an answer without the insurance filter lists the types of the other insurance too.
                catalogue: previous.catalogue ?? (insurance === null ? result.answer : null),
              }
            : { ...previous, status: result.kind, key },
        ),
      )
      // Aborted: a newer choice replaced this call.
      .catch(() => undefined);
    return () => controller.abort();
  }, [address, weekTime, insurance, typeId, attempt]);

  const { key: answeredKey, ...data } = state;
  return {
    ...data,
    status: answeredKey === key ? data.status : 'loading',
    reload: () => setAttempt((count) => count + 1),
  };
}
