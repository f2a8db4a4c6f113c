import { useLoaderData, type LoaderArgs } from '@kit/kit-react';

export async function loader({ params }: LoaderArgs) {
  const slug = params.slug;
  return { path: Array.isArray(slug) ? slug.join('/') : String(slug) };
}

export default function DocsPage() {
  const { path } = useLoaderData<{ path: string }>();
  return (
    <>
      <title>{`Docs: ${path} - Fixture tickets`}</title>
      <h1>Documentation</h1>
      <p id="docs-path">You are reading {path}.</p>
    </>
  );
}
