import type { DatabaseHandle } from '../../db/client.js';
import { listenForNotifications, type NotificationListener } from '../../db/notification-listener.js';

/** Migration 0033's channel: 't<id>' a therapist's calendar changed, 'c<id>' a practice, '*' everything. */
export const WIDGET_CALENDAR_CHANNEL = 'praxia_widget_calendar';
/**
 * No answer is kept longer: the end of a practice's trial is a moment, not a write, and the widget's horizon moves
 * with the clock. A minute late on either costs nothing (the booking checks both itself).
 */
export const WIDGET_ANSWER_MAX_AGE_MS = 60_000;
/** Bounds the memory: a few kilobytes per answer; the oldest answer goes first. */
export const MAX_ANSWERS = 2_000;

export type WidgetAnswerKey = { text: string; therapistId: number; customerId: number };
/**
 * A computed answer: its JSON text, and when it goes stale (its first slot stops being bookable), asked only when the
 * answer is kept.
 */
export type ComputedWidgetAnswer = { json: string; staleAt: () => number };
type Entry = WidgetAnswerKey & { json: string; staleAt: number };
type Computation = { isTainted: boolean };

/**
 * Widget answers kept in this process's memory (a visitor's week is asked by every visitor of the practice's website,
 * and the same answer costs a database round trip each time). An answer is forgotten:
 * - when the database says its calendar changed: migration 0033's triggers NOTIFY at each commit that touches
 *   appointments, types, the therapist or the practice, from any process; this one LISTENs;
 * - when this process answered a request that writes (before the response leaves, so its own next read is fresh);
 * - when its first slot passes its booking deadline, and after a minute at the latest.
 * An answer computed while any of that happened is not kept (it may have read the state before). While the listening
 * connection is down, nothing is kept or served from memory: the notifications of that time are lost.
 */
export class WidgetAnswerCache {
  private readonly answers = new Map<string, Entry>();
  private readonly computations = new Set<Computation>();
  private isListening = false;

  constructor(private readonly clock: () => number = Date.now) {}

  /** The kept answer for the key, or the computed one (kept when nothing changed meanwhile). */
  async answer(key: WidgetAnswerKey, compute: () => Promise<ComputedWidgetAnswer>): Promise<string> {
    const kept = this.answers.get(key.text);
    if (kept && kept.staleAt > this.clock()) return kept.json;
    if (kept) this.answers.delete(key.text);
    // Listening starting or ending meanwhile taints it too (listening() forgets everything).
    const computation: Computation = { isTainted: false };
    this.computations.add(computation);
    try {
      const computed = await compute();
      if (!computation.isTainted && this.isListening) {
        const staleAt = Math.min(computed.staleAt(), this.clock() + WIDGET_ANSWER_MAX_AGE_MS);
        this.keep({ ...key, json: computed.json, staleAt });
      }
      return computed.json;
    } finally {
      this.computations.delete(computation);
    }
  }

  /** A NOTIFY payload of migration 0033. */
  changed(payload: string): void {
    const named = /^([tc])(\d+)$/.exec(payload);
    const id = Number(named?.[2]);
    if (named?.[1] === 't') this.forget((entry) => entry.therapistId === id);
    else if (named?.[1] === 'c') this.forgetPractice(id);
    else this.forgetAll();
  }

  forgetPractice(customerId: number): void {
    this.forget((entry) => entry.customerId === customerId);
  }

  forgetAll(): void {
    this.forget(() => true);
  }

  /** Called when the listening connection is up (again): what was kept before may have missed notifications. */
  listening(isListening: boolean): void {
    this.forgetAll();
    this.isListening = isListening;
  }

  get size(): number {
    return this.answers.size;
  }

  private keep(entry: Entry): void {
    this.answers.delete(entry.text);
    this.answers.set(entry.text, entry);
    if (this.answers.size > MAX_ANSWERS) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
  }

  private forget(matches: (entry: Entry) => boolean): void {
    for (const computation of this.computations) computation.isTainted = true;
    for (const [text, entry] of this.answers) if (matches(entry)) this.answers.delete(text);
  }
}

/**
 * The cache of an app instance. On PostgreSQL it listens on the channel over a connection of its own. PGlite serves one
 * process and answers the widget from memory faster than a round trip to a server: there nothing is kept.
 * `keepAnswers: false` keeps nothing anywhere (the benchmark measures every answer read).
 */
export async function openWidgetAnswerCache(
  database: DatabaseHandle,
  options: { keepAnswers: boolean; onError: (error: Error) => void },
): Promise<{ cache: WidgetAnswerCache; close: () => Promise<void> }> {
  const cache = new WidgetAnswerCache();
  if (!options.keepAnswers || database.kind !== 'postgres' || !database.connectionString) {
    return { cache, close: async () => undefined };
  }
  const listener: NotificationListener = await listenForNotifications({
    connectionString: database.connectionString,
    channel: WIDGET_CALENDAR_CHANNEL,
    applicationName: 'praxia-widget-answers',
    onNotification: (payload) => cache.changed(payload),
    onListening: () => cache.listening(true),
    onConnectionError: (error) => {
      cache.listening(false);
      options.onError(error);
    },
  });
  return {
    cache,
    close: async () => {
      cache.listening(false);
      await listener.close();
    },
  };
}
