import { Link } from '@kit/kit-react';

// The home page, served at /.
export default function HomePage() {
  return (
    <>
      <title>{{title}}</title>
      <h1>{{title}}</h1>
      <p>A help desk for people and their agents. People sign in and work on tickets here; agents use the same API with an API key, over HTTP or MCP at /mcp.</p>
      <ul>
        <li><Link href="/tickets">See the tickets</Link></li>
        <li><Link href="/signup">Create an account</Link> (the first one administers the app)</li>
        <li><a href="/openapi.json">The API, as OpenAPI</a></li>
      </ul>
    </>
  );
}
