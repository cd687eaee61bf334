import { describe, expect, it } from 'vitest';
import { MAX_ANSWERS, WIDGET_ANSWER_MAX_AGE_MS, WidgetAnswerCache } from './widget-answer-cache.js';

const NEVER = Number.POSITIVE_INFINITY;

/** A cache on a clock the test moves, listening (as on PostgreSQL with its connection up). */
function listeningCache() {
  let now = 1_000_000;
  const cache = new WidgetAnswerCache(() => now);
  cache.listening(true);
  return { cache, advance: (ms: number) => (now += ms), now: () => now };
}

const key = (therapistId: number, customerId: number, week = 'w1') => ({
  text: `${therapistId}:${customerId}:${week}`,
  therapistId,
  customerId,
});

/** Answers with a running number, so a test sees whether it was computed again. */
function counter(staleAt = NEVER) {
  let calls = 0;
  return {
    compute: async () => ({ json: `answer ${++calls}`, staleAt: () => staleAt }),
    calls: () => calls,
  };
}

describe('WidgetAnswerCache', () => {
  it('keeps an answer and serves it again without computing', async () => {
    const { cache } = listeningCache();
    const answers = counter();
    expect(await cache.answer(key(1, 10), answers.compute)).toBe('answer 1');
    expect(await cache.answer(key(1, 10), answers.compute)).toBe('answer 1');
    expect(answers.calls()).toBe(1);
    expect(await cache.answer(key(1, 10, 'w2'), answers.compute)).toBe('answer 2');
  });

  it('keeps nothing while not listening: changes of that time would be missed', async () => {
    const cache = new WidgetAnswerCache();
    const answers = counter();
    await cache.answer(key(1, 10), answers.compute);
    await cache.answer(key(1, 10), answers.compute);
    expect(answers.calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('forgets everything kept when the connection is lost and when it listens again', async () => {
    const { cache } = listeningCache();
    const answers = counter();
    await cache.answer(key(1, 10), answers.compute);
    cache.listening(false);
    expect(cache.size).toBe(0);
    await cache.answer(key(1, 10), answers.compute);
    cache.listening(true);
    await cache.answer(key(1, 10), answers.compute);
    expect(answers.calls()).toBe(3);
  });

  it("forgets a therapist's answers on 't<id>', a practice's on 'c<id>', all on '*' or anything unknown", async () => {
    const { cache } = listeningCache();
    const fill = async () => {
      for (const entry of [key(1, 10), key(2, 10), key(3, 20)]) await cache.answer(entry, counter().compute);
    };
    await fill();
    expect(cache.size).toBe(3);
    cache.changed('t1');
    expect(cache.size).toBe(2);
    cache.changed('c10');
    expect(cache.size).toBe(1);
    cache.changed('t3');
    expect(cache.size).toBe(0);
    for (const payload of ['*', 'x', 't']) {
      await fill();
      cache.changed(payload);
      expect(cache.size, payload).toBe(0);
    }
  });

  it("forgets a practice's answers for this process's own writes (forgetPractice), others stay", async () => {
    const { cache } = listeningCache();
    await cache.answer(key(1, 10), counter().compute);
    await cache.answer(key(3, 20), counter().compute);
    cache.forgetPractice(10);
    expect(cache.size).toBe(1);
    cache.forgetAll();
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer computed while a change arrived: it may have read the state before', async () => {
    const { cache } = listeningCache();
    let release: () => void = () => undefined;
    const slowAnswer = cache.answer(key(1, 10), async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { json: 'read before the change', staleAt: () => NEVER };
    });
    // Any change, even of another therapist: which rows the running read saw is not known here.
    cache.changed('t99');
    release();
    expect(await slowAnswer).toBe('read before the change');
    expect(cache.size).toBe(0);
  });

  it('serves an answer until its first slot stops being bookable, and a minute at most', async () => {
    const { cache, advance, now } = listeningCache();
    const soon = counter(now() + 10_000);
    await cache.answer(key(1, 10), soon.compute);
    advance(9_999);
    await cache.answer(key(1, 10), soon.compute);
    expect(soon.calls()).toBe(1);
    advance(1);
    await cache.answer(key(1, 10), soon.compute);
    expect(soon.calls()).toBe(2);

    const later = counter(NEVER);
    await cache.answer(key(2, 10), later.compute);
    advance(WIDGET_ANSWER_MAX_AGE_MS - 1);
    await cache.answer(key(2, 10), later.compute);
    expect(later.calls()).toBe(1);
    advance(1);
    await cache.answer(key(2, 10), later.compute);
    expect(later.calls()).toBe(2);
  });

  it('keeps at most MAX_ANSWERS, dropping the oldest', async () => {
    const { cache } = listeningCache();
    for (let week = 0; week <= MAX_ANSWERS; week += 1) await cache.answer(key(1, 10, `w${week}`), counter().compute);
    expect(cache.size).toBe(MAX_ANSWERS);
    const first = counter();
    await cache.answer(key(1, 10, 'w0'), first.compute);
    expect(first.calls()).toBe(1);
    const newest = counter();
    await cache.answer(key(1, 10, `w${MAX_ANSWERS}`), newest.compute);
    expect(newest.calls()).toBe(0);
  });

  it('does not keep a failed computation (an unknown calendar answers 404 each time)', async () => {
    const { cache } = listeningCache();
    await expect(cache.answer(key(1, 10), () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(cache.size).toBe(0);
  });
});
