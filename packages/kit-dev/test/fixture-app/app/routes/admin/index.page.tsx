import { useLoaderData, type LoaderArgs } from '@kit/kit-react';

export async function loader({ ctx }: LoaderArgs) {
  return { subject: ctx.auth?.subject ?? 'nobody' };
}

export default function AdminPage() {
  const { subject } = useLoaderData<{ subject: string }>();
  return (
    <>
      <title>Admin - Fixture tickets</title>
      <h1>Admin</h1>
      <p id="admin-subject">Signed in as {subject}.</p>
    </>
  );
}
