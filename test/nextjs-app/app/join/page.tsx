import { Meeting } from './Meeting';

/**
 * The PreJoin join flow of the guide "Devices and PreJoin" (stories/docs/Devices.mdx; written to ./Meeting.tsx by
 * nextApp.ts), rendered by a Server Component.
 */
export default function Join() {
  return <Meeting room="standup" />;
}
