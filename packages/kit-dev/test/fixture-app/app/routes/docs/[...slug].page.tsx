import { useLoaderData, type LoaderArgs, type PageCacheSettings, type PagePrerender } from '@kit/kit-react';

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

// Every visitor gets the same page: kept for a minute, and the setup guide rendered into the build.
export const cache: PageCacheSettings = { revalidate: 60 };
export const prerender: PagePrerender = { paths: () => ['/docs/guides/setup'] };
