import { afterEach } from 'vitest';
import { page } from 'vitest/browser';

/**
 * Stories with a viewport global (the small-screen ones) leave a screenshot in test-results/screenshots (gitignored)
 * for a person to look at; their play functions assert the layout.
 */
afterEach(async (context) => {
  const story = (context as { story?: { id: string; globals?: { viewport?: { value?: string } } } }).story;
  if (!story?.globals?.viewport?.value) return;
  await page.screenshot({ path: `../test-results/screenshots/${story.id}.png` });
});
