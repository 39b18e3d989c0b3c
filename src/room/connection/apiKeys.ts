/**
 * @internal An API key inside a text: token.ts's `API_KEY_SHAPE` (a test holds them to one shape), starting a word:
 * `talk_about.it` or a host or path such as `wss://lk_media.example` is none.
 */
export const API_KEY_IN_TEXT = /(?<![\w./-])lk_[A-Za-z0-9_-]+\.[^.\s]+/i;

/**
 * @internal True when an API key stands anywhere in `value`: inside a string, or in any property name or string of
 * an object or array, at any depth.
 */
export function containsApiKey(value: unknown, seen = new Set<object>()): boolean {
  if (typeof value === 'string') return API_KEY_IN_TEXT.test(value);
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  return Object.entries(value).some(([name, v]) => API_KEY_IN_TEXT.test(name) || containsApiKey(v, seen));
}
