export async function loader(): Promise<never> {
  throw new Error('The boom loader failed on purpose');
}

export default function BoomPage() {
  return (
    <>
      <title>Boom - Fixture tickets</title>
      <h1>This never renders</h1>
    </>
  );
}
