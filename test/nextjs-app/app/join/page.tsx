import { Meeting } from './Meeting';

/** The README's PreJoin join flow (written to ./Meeting.tsx by nextApp.ts), rendered by a Server Component. */
export default function Join() {
  return <Meeting room="standup" />;
}
