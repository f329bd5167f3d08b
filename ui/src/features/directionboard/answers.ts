// The test's answers on their way to the server: each choice is queued and sent in batches a
// moment later; a failed save is kept and tried again with growing pauses, so nothing is lost
// while the connection comes back.
import type { ApiError } from '../../lib/api';
import type { Timer } from '../../lib/toast';
import type { Answers, Item } from './api';

/** The index of the first item without an answer, or -1 when all are answered. */
export function firstUnanswered(items: Pick<Item, 'id'>[], answers: Answers): number {
  return items.findIndex((it) => !(answers[it.id] >= 1 && answers[it.id] <= 5));
}

export const answeredCount = (items: Pick<Item, 'id'>[], answers: Answers): number =>
  items.reduce((n, it) => n + (answers[it.id] ? 1 : 0), 0);

export type SaveState = 'saved' | 'pending' | 'retrying';

export interface SaverDeps {
  send: (answers: Answers) => Promise<unknown>;
  timer: Timer;
  /** Wait before sending a batch (ms). */
  delay?: number;
  onState?: (state: SaveState) => void;
  /** The server refused for good (409 time_up or finished): stop saving. */
  onClosed?: (err: ApiError) => void;
}

export interface Saver {
  /** Queues an answer. */
  set(id: string, value: number): void;
  /** Sends what is queued now; true when everything is saved. */
  flush(): Promise<boolean>;
  /** What is not saved yet (for the last, keepalive request of a closing page). */
  unsaved(): Answers;
  /** Stops timers (the page is gone). */
  stop(): void;
}

const RETRY_MIN = 2000;
const RETRY_MAX = 30_000;

export function createSaver({ send, timer, delay = 500, onState, onClosed }: SaverDeps): Saver {
  let pending: Answers = {};
  let sending: Answers = {};
  let inflight: Promise<boolean> | undefined;
  let handle: unknown;
  let failures = 0;
  let closed = false;
  let state: SaveState = 'saved';

  const setState = (next: SaveState) => {
    if (next !== state) {
      state = next;
      onState?.(next);
    }
  };
  const cancel = () => {
    if (handle !== undefined) timer.clear(handle);
    handle = undefined;
  };
  const schedule = (ms: number) => {
    cancel();
    handle = timer.set(() => {
      handle = undefined;
      void run();
    }, ms);
  };
  const has = (a: Answers) => Object.keys(a).length > 0;

  async function run(): Promise<boolean> {
    if (inflight) {
      await inflight;
      return has(pending) ? run() : !closed;
    }
    if (closed) return false;
    if (!has(pending)) return true;
    const batch = pending;
    pending = {};
    sending = batch;
    inflight = send(batch).then(
      () => {
        failures = 0;
        return true;
      },
      (err: ApiError) => {
        if (err?.status === 409) {
          closed = true;
          onClosed?.(err);
          return false;
        }
        // Keep the batch (newer choices win) and try again later.
        pending = { ...batch, ...pending };
        failures++;
        return false;
      },
    );
    const ok = await inflight;
    inflight = undefined;
    sending = {};
    if (closed) return false;
    if (!ok) {
      setState('retrying');
      schedule(Math.min(RETRY_MIN * 2 ** (failures - 1), RETRY_MAX));
      return false;
    }
    if (has(pending)) {
      if (handle === undefined) schedule(delay);
      return false;
    }
    setState('saved');
    return true;
  }

  return {
    set(id, value) {
      if (closed) return;
      pending[id] = value;
      if (state !== 'retrying') setState('pending');
      if (failures === 0) schedule(delay);
    },
    async flush() {
      cancel();
      const ok = await run();
      return ok && !has(pending);
    },
    unsaved: () => ({ ...sending, ...pending }),
    stop() {
      cancel();
      closed = true;
    },
  };
}
