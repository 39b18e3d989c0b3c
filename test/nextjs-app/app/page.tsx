import { DEFAULT_GRANTS, looksLikeApiKey } from '@roomkit/react/server';
import { Meeting } from './Meeting';

/** A Server Component: reads the request, decides the grants on the server, renders the client meeting. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const requested = typeof query.name === 'string' ? query.name : 'Guest';
  // A secret pasted into the name field must not travel to the page, nor into the browser's props.
  const refused = looksLikeApiKey(requested);
  const name = refused ? 'Guest' : requested;
  const canPublish = query.role === 'viewer' ? false : DEFAULT_GRANTS.canPublish;
  return (
    <main>
      <h1>Standup</h1>
      <p data-testid="default-grants">{`default canPublish: ${typeof DEFAULT_GRANTS.canPublish} ${String(DEFAULT_GRANTS.canPublish)}`}</p>
      <p data-testid="server-grants">{`server canPublish: ${String(canPublish)}`}</p>
      {refused ? <p role="alert">That name looks like an API key; it was not used.</p> : null}
      <Meeting name={name} canPublish={canPublish} />
    </main>
  );
}
