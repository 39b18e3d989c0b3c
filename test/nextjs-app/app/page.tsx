import { Meeting } from './Meeting';

/** A Server Component: reads the request, decides the grants on the server, renders the client meeting. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const name = typeof query.name === 'string' ? query.name : 'Guest';
  const canPublish = query.role !== 'viewer';
  return (
    <main>
      <h1>Standup</h1>
      <p data-testid="server-grants">{`server canPublish: ${String(canPublish)}`}</p>
      <Meeting name={name} canPublish={canPublish} />
    </main>
  );
}
