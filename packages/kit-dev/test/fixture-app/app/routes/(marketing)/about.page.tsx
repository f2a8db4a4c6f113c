export default function AboutPage() {
  return (
    <>
      <title>About - Fixture tickets</title>
      <h1>About</h1>
      <p>This page sits in a route group: its folder adds nothing to the URL.</p>
    </>
  );
}

// The same for everyone and never changing between builds: rendered once, by kit build.
export const prerender = true;
