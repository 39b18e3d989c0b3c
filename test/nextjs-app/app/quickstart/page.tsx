import { Meeting } from './Meeting';

/** The README's Quick start (written to ./Meeting.tsx by nextApp.ts), rendered by a Server Component. */
export default function QuickStart() {
  return <Meeting room="standup" />;
}
