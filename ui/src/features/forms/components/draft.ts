// Drafts of a form: kept in localStorage as the person types (debounced) and, for signed-in
// users, on the server too (PUT /api/forms/{form}/draft, debounced further) so the draft
// follows them to another device. After a reload the newer of the two is offered back; both
// are cleared after a successful submission. Nothing here logs the answers.
import type { Timer } from '../../../lib/toast';

export interface Draft {
  data: Record<string, unknown>;
  /** When it was saved (milliseconds since the epoch). */
  savedAt: number;
  source: 'local' | 'server';
}

/** The server side of drafts: GET (null when there is none), PUT and DELETE. */
export interface RemoteDrafts {
  get(): Promise<{ data: unknown; updatedAt: string } | null>;
  put(data: Record<string, unknown>): Promise<unknown>;
  del(): Promise<unknown>;
}

/** The part of Storage drafts use (localStorage, or a map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DraftDeps {
  storage?: DraftStorage;
  timer: Timer;
  now: () => number;
  /** The server's drafts, when the user is signed in. */
  remote?: RemoteDrafts;
  /** Wait after the last change before writing locally (ms). */
  localDelay?: number;
  /** … and before sending to the server (ms). */
  remoteDelay?: number;
}

export interface DraftStore {
  /** A change: written after a pause in typing. */
  save(data: Record<string, unknown>): void;
  /** Writes a pending change now (the page is being left). */
  flush(): void;
  /** The draft to offer: the newer of the local and the server copy, or null. */
  offer(): Promise<Draft | null>;
  /** Forgets the draft here and on the server; pending writes are dropped. */
  clear(): Promise<void>;
  /** Signed in or out later: from now on the server copy is (not) kept too. */
  setRemote(remote: RemoteDrafts | undefined): void;
  /** The form is gone: a pending change is written now, and the timers stop. */
  dispose(): void;
}

const VERSION = 1;
export const draftKey = (form: string) => `gerege:form-draft:${form}`;

/** A localStorage that may be missing or refuse (private mode, quota): then drafts stay off. */
export function browserStorage(): DraftStorage | undefined {
  try {
    const s = window.localStorage;
    const probe = '__gerege_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return undefined;
  }
}

export function createDraftStore(form: string, deps: DraftDeps): DraftStore {
  const { storage, timer, now } = deps;
  const localDelay = deps.localDelay ?? 800;
  const remoteDelay = deps.remoteDelay ?? 3000;
  let remote = deps.remote;
  let pending: Record<string, unknown> | undefined;
  let remotePending: Record<string, unknown> | undefined;
  let localHandle: unknown;
  let remoteHandle: unknown;
  let disposed = false;
  const key = draftKey(form);

  const writeLocal = () => {
    localHandle = undefined;
    if (!pending) return;
    const data = pending;
    pending = undefined;
    try {
      storage?.setItem(key, JSON.stringify({ v: VERSION, savedAt: now(), data }));
    } catch {
      // Full or refused: the draft is a convenience, the form goes on.
    }
  };
  const writeRemote = () => {
    remoteHandle = undefined;
    if (!remotePending || !remote) return;
    const data = remotePending;
    remotePending = undefined;
    remote.put(data).catch(() => undefined);
  };
  const cancel = () => {
    if (localHandle !== undefined) timer.clear(localHandle);
    if (remoteHandle !== undefined) timer.clear(remoteHandle);
    localHandle = remoteHandle = undefined;
    pending = remotePending = undefined;
  };

  const readLocal = (): Draft | null => {
    try {
      const raw = storage?.getItem(key);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as { v?: number; savedAt?: number; data?: unknown };
      if (parsed.v !== VERSION || typeof parsed.savedAt !== 'number' || !parsed.data || typeof parsed.data !== 'object') return null;
      return { data: parsed.data as Record<string, unknown>, savedAt: parsed.savedAt, source: 'local' };
    } catch {
      return null;
    }
  };

  return {
    save(data) {
      if (disposed) return;
      pending = data;
      if (localHandle !== undefined) timer.clear(localHandle);
      localHandle = timer.set(writeLocal, localDelay);
      if (remote) {
        remotePending = data;
        if (remoteHandle !== undefined) timer.clear(remoteHandle);
        remoteHandle = timer.set(writeRemote, remoteDelay);
      }
    },
    flush() {
      if (localHandle !== undefined) timer.clear(localHandle);
      writeLocal();
      if (remoteHandle !== undefined) timer.clear(remoteHandle);
      writeRemote();
    },
    async offer() {
      const local = readLocal();
      let server: Draft | null = null;
      if (remote) {
        const got = await remote.get().catch(() => null);
        const at = got ? Date.parse(got.updatedAt) : NaN;
        if (got && got.data && typeof got.data === 'object' && !Number.isNaN(at)) {
          server = { data: got.data as Record<string, unknown>, savedAt: at, source: 'server' };
        }
      }
      if (local && server) return server.savedAt > local.savedAt ? server : local;
      return local ?? server;
    },
    async clear() {
      cancel();
      try {
        storage?.removeItem(key);
      } catch {
        // nothing to do
      }
      if (remote) await remote.del().catch(() => undefined);
    },
    setRemote(next) {
      remote = next;
    },
    dispose() {
      this.flush();
      disposed = true;
    },
  };
}
