// @vitest-environment node
// The engine's logic without a page: where the server's messages go, drafts, and the
// Idempotency-Key of each submission.
import { describe, expect, it, vi } from 'vitest';
import type { Timer } from '../../../lib/toast';
import { createDraftStore, type DraftStorage, draftKey, type RemoteDrafts } from './draft';
import { fieldId, firstSectionWith, parseName, removeRow, replaceFor, unplaced } from './errors';
import { SCHEMAS } from './schemas';
import { createSubmitter, type Receipt } from './submit';
import { emptyValues, fromDraft, newRow, toDraft, toPayload } from './values';

describe('server messages', () => {
  it('reads nested names: group, row (from 0) and field', () => {
    expect(parseName('emergencyContacts.1.phone')).toEqual({ field: 'emergencyContacts', row: 1, sub: 'phone' });
    expect(parseName('email')).toEqual({ field: 'email' });
    expect(fieldId('vol', 'emergencyContacts.1.phone')).toBe('vol-emergencyContacts-1-phone');
  });

  it('opens the first section holding a message, by the order of the sections', () => {
    const sections = [['firstName'], ['phone', 'email'], ['emergencyContacts']];
    expect(firstSectionWith({ 'emergencyContacts.1.phone': 'x', email: 'y' }, sections)).toBe(1);
    expect(firstSectionWith({ 'emergencyContacts.0.name': 'x' }, sections)).toBe(2);
    expect(firstSectionWith({ formToken: 'x' }, sections)).toBe(-1);
    expect(unplaced({ formToken: 'bad', email: 'y' }, sections.flat())).toEqual(['bad']);
  });

  it('keeps each row\'s messages beside that row when an earlier row is removed', () => {
    const m = { 'g.0.name': 'a', 'g.1.phone': 'b', 'g.2.email': 'c', other: 'd', 'h.1.name': 'e' };
    expect(removeRow(m, 'g', 1)).toEqual({ 'g.0.name': 'a', 'g.1.email': 'c', other: 'd', 'h.1.name': 'e' });
    expect(removeRow(m, 'g', 0)).toEqual({ 'g.0.phone': 'b', 'g.1.email': 'c', other: 'd', 'h.1.name': 'e' });
  });

  it('replaces the messages of checked fields, rows included, and keeps the rest', () => {
    expect(replaceFor({ 'g.0.name': 'a', email: 'b', city: 'c' }, ['g', 'email'], { email: 'new' })).toEqual({ city: 'c', email: 'new' });
  });
});

describe('payload and drafts of the answers', () => {
  it('sends the exact JSON names, rows without their ids, the honeypot and the token', () => {
    const values = { ...emptyValues(SCHEMAS.roadmap), firstName: 'Anu', guardians: [{ ...newRow(), name: 'G', relationship: 'M', phone: '8', email: '' }] };
    const body = toPayload(SCHEMAS.roadmap, values, { website: '', formToken: 'tok' });
    expect(Object.keys(body).sort()).toEqual(['class', 'destination', 'email', 'firstName', 'formToken', 'guardians', 'lastName', 'phone', 'school', 'website']);
    expect(body.guardians).toEqual([{ name: 'G', relationship: 'M', phone: '8', email: '' }]);
  });

  it('leaves health details out of drafts and reads back only what fits the schema', () => {
    const values = { ...emptyValues(SCHEMAS.volunteer), firstName: 'Anu', medicalConditions: 'Asthma', traits: ['creative'] };
    const d = toDraft(values, ['medicalConditions']);
    expect(d.medicalConditions).toBeUndefined();
    const back = fromDraft(SCHEMAS.volunteer, { ...d, traits: ['creative', 'evil'], unknown: 1, lastName: 5 }, emptyValues(SCHEMAS.volunteer));
    expect(back.firstName).toBe('Anu');
    expect(back.traits).toEqual(['creative']);
    expect(back.lastName).toBe('');
    expect('unknown' in back).toBe(false);
    expect((back.emergencyContacts as { id: string }[])[0].id).toBeTruthy();
  });
});

/** A timer the test moves by hand. */
function manualTimer() {
  let now = 0;
  let seq = 0;
  const jobs = new Map<number, { at: number; fn: () => void }>();
  const timer: Timer = {
    set: (fn, ms) => {
      jobs.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clear: (h) => jobs.delete(h as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, job] of [...jobs].sort((a, b) => a[1].at - b[1].at)) {
      if (job.at <= now) {
        jobs.delete(id);
        job.fn();
      }
    }
  };
  return { timer, advance, now: () => now, pending: () => jobs.size };
}

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe('draft store', () => {
  it('writes locally once typing pauses, not on every change', () => {
    const clock = manualTimer();
    const storage = memoryStorage();
    const store = createDraftStore('volunteer', { storage, timer: clock.timer, now: () => 1000 + clock.now(), localDelay: 500 });
    store.save({ firstName: 'A' });
    clock.advance(300);
    store.save({ firstName: 'An' });
    clock.advance(300);
    expect(storage.data.size).toBe(0);
    clock.advance(200);
    expect(JSON.parse(storage.data.get(draftKey('volunteer'))!)).toEqual({ v: 1, savedAt: 1800, data: { firstName: 'An' } });
  });

  it('sends to the server after a longer pause, and only the last version', () => {
    const clock = manualTimer();
    const put = vi.fn(async () => undefined);
    const remote: RemoteDrafts = { get: async () => null, put, del: async () => undefined };
    const store = createDraftStore('volunteer', { storage: memoryStorage(), timer: clock.timer, now: clock.now, remote, localDelay: 500, remoteDelay: 2000 });
    store.save({ a: 1 });
    clock.advance(1000);
    store.save({ a: 2 });
    clock.advance(1999);
    expect(put).not.toHaveBeenCalled();
    clock.advance(1);
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith({ a: 2 });
  });

  it('flushes a pending change when the page is left', () => {
    const clock = manualTimer();
    const storage = memoryStorage();
    const store = createDraftStore('roadmap', { storage, timer: clock.timer, now: () => 5, localDelay: 500 });
    store.save({ school: 'S' });
    store.flush();
    expect(JSON.parse(storage.data.get(draftKey('roadmap'))!).data).toEqual({ school: 'S' });
    expect(clock.pending()).toBe(0);
  });

  it('offers the local draft after a reload', async () => {
    const storage = memoryStorage();
    storage.setItem(draftKey('volunteer'), JSON.stringify({ v: 1, savedAt: 42, data: { firstName: 'Anu' } }));
    const store = createDraftStore('volunteer', { storage, timer: manualTimer().timer, now: () => 0 });
    expect(await store.offer()).toEqual({ data: { firstName: 'Anu' }, savedAt: 42, source: 'local' });
    storage.setItem(draftKey('volunteer'), '{broken');
    expect(await store.offer()).toBeNull();
  });

  it('offers the newer of the local and the server copy', async () => {
    const storage = memoryStorage();
    const at = Date.parse('2026-05-10T10:00:00Z');
    storage.setItem(draftKey('volunteer'), JSON.stringify({ v: 1, savedAt: at, data: { firstName: 'Local' } }));
    const remote = (updatedAt: string): RemoteDrafts => ({ get: async () => ({ data: { firstName: 'Server' }, updatedAt }), put: async () => 0, del: async () => 0 });
    const newer = createDraftStore('volunteer', { storage, timer: manualTimer().timer, now: () => 0, remote: remote('2026-05-10T11:00:00Z') });
    expect(await newer.offer()).toMatchObject({ data: { firstName: 'Server' }, source: 'server' });
    const older = createDraftStore('volunteer', { storage, timer: manualTimer().timer, now: () => 0, remote: remote('2026-05-10T09:00:00Z') });
    expect(await older.offer()).toMatchObject({ data: { firstName: 'Local' }, source: 'local' });
    // Only the server has one (another device): it is offered.
    const other = createDraftStore('volunteer', { storage: memoryStorage(), timer: manualTimer().timer, now: () => 0, remote: remote('2026-05-10T09:00:00Z') });
    expect(await other.offer()).toMatchObject({ source: 'server' });
    // The server failing leaves the local copy.
    const failing = createDraftStore('volunteer', { storage, timer: manualTimer().timer, now: () => 0, remote: { get: () => Promise.reject(new Error('x')), put: async () => 0, del: async () => 0 } });
    expect(await failing.offer()).toMatchObject({ source: 'local' });
  });

  it('clears both copies after a submission and drops pending writes', async () => {
    const clock = manualTimer();
    const storage = memoryStorage();
    const put = vi.fn(async () => undefined);
    const del = vi.fn(async () => undefined);
    const store = createDraftStore('volunteer', { storage, timer: clock.timer, now: clock.now, remote: { get: async () => null, put, del }, localDelay: 10, remoteDelay: 20 });
    store.save({ a: 1 });
    clock.advance(10);
    expect(storage.data.size).toBe(1);
    store.save({ a: 2 });
    await store.clear();
    clock.advance(100);
    expect(storage.data.size).toBe(0);
    expect(del).toHaveBeenCalledTimes(1);
    expect(put).not.toHaveBeenCalled();
    expect(await store.offer()).toBeNull();
  });
});

describe('Idempotency-Key', () => {
  const receipt: Receipt = { reference: 'CVP-2026-000001', form: 'volunteer', createdAt: '2026-05-10T00:00:00Z' };

  it('is reused when the same form is sent again after a failure, and renewed after a success', async () => {
    let n = 0;
    const keys: string[] = [];
    const send = vi
      .fn()
      .mockImplementationOnce(async (_f: string, _b: unknown, key: string) => {
        keys.push(key);
        throw { message: 'timeout' };
      })
      .mockImplementation(async (_f: string, _b: unknown, key: string) => {
        keys.push(key);
        return receipt;
      });
    const s = createSubmitter({ send, newKey: () => `key-${++n}` });
    expect(s.key()).toBe('key-1');
    await expect(s.submit('volunteer', {})).rejects.toEqual({ message: 'timeout' });
    expect(s.key()).toBe('key-1');
    await expect(s.submit('volunteer', {})).resolves.toEqual(receipt);
    expect(keys).toEqual(['key-1', 'key-1']);
    expect(s.key()).toBe('key-2');
    await s.submit('volunteer', {});
    expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('sends once when submitted twice at the same time (a double click)', async () => {
    let resolve!: (r: Receipt) => void;
    const send = vi.fn(() => new Promise<Receipt>((r) => (resolve = r)));
    const s = createSubmitter({ send, newKey: () => 'k' });
    const a = s.submit('contact', {});
    const b = s.submit('contact', {});
    resolve(receipt);
    expect(await a).toBe(await b);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('makes UUIDs', async () => {
    const { newKey } = await import('./submit');
    expect(newKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
