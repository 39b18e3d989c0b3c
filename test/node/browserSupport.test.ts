import { getBrowserSupport } from '../../src/index';

test("on the server every key of getBrowserSupport() is 'unknown'", () => {
  const answer = getBrowserSupport();
  expect(Object.keys(answer).length).toBeGreaterThanOrEqual(8);
  expect(Object.entries(answer).filter(([, value]) => value !== 'unknown')).toEqual([]);
});

