import { expect, test } from 'vitest';
import { listenWhileHeld, refCounted } from '../../src/room/refCounted';

test('starts with the first holder, stops with the last, and a release acts once', () => {
  const log: string[] = [];
  let n = 0;
  const hold = refCounted(() => {
    const run = ++n;
    log.push(`start ${run}`);
    return () => log.push(`stop ${run}`);
  });
  const a = hold();
  const b = hold();
  expect(log).toEqual(['start 1']);
  a();
  a(); // a second call of the same release must not release b's hold
  expect(log).toEqual(['start 1']);
  b();
  expect(log).toEqual(['start 1', 'stop 1']);
  b();
  expect(log).toEqual(['start 1', 'stop 1']);
  const c = hold(); // held again: started afresh
  expect(log).toEqual(['start 1', 'stop 1', 'start 2']);
  c();
  expect(log).toEqual(['start 1', 'stop 1', 'start 2', 'stop 2']);
});

test('a listener holds the resource while it is listed, and leaves once however often it is removed', () => {
  const log: string[] = [];
  const hold = refCounted(() => {
    log.push('start');
    return () => log.push('stop');
  });
  const listeners = new Set<() => void>();
  const a = () => {};
  const b = () => {};
  const removeA = listenWhileHeld(listeners, a, hold);
  const removeB = listenWhileHeld(listeners, b, hold);
  expect([...listeners]).toEqual([a, b]);
  expect(log).toEqual(['start']);
  removeA();
  removeA();
  expect([...listeners]).toEqual([b]);
  expect(log).toEqual(['start']);
  removeB();
  expect(listeners.size).toBe(0);
  expect(log).toEqual(['start', 'stop']);
});
