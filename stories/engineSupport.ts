import { getBrowserSupport, type BrowserSupport } from '@roomkit/react';
import { expect } from 'storybook/test';

/**
 * The stories run in Chromium and in WebKit (npm test: `test:stories`, `test:webkit`). A control that depends on what
 * the browser can do is there in one and absent in the other, and a story says which it expects from RoomKit's own
 * answer (`getBrowserSupport()`, the real browser's, with no simulated room): it never skips.
 */

/** Whether the browser running the story offers `key`. */
export const offers = (key: keyof BrowserSupport): boolean => getBrowserSupport()[key] === 'yes';

/** `found` is there where this browser offers `key`, and absent where it does not. */
export async function expectOffered(key: keyof BrowserSupport, found: Element | null): Promise<void> {
  if (offers(key)) await expect(found, `${key}: this browser offers it, so the control is there`).not.toBeNull();
  else await expect(found, `${key}: this browser lacks it, so the control is absent`).toBeNull();
}
