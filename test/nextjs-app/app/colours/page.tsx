import { States } from './States';

/**
 * The states whose colours test/pipelines checks (test/pipelines/vite-app/States.tsx, written to ./States.tsx by
 * nextApp.ts), here after Next.js's own CSS pipeline: nextjs.test.ts reads them in Chromium.
 */
export default function Colours() {
  return <States />;
}
