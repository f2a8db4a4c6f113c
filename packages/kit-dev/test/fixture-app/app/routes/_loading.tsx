export default function Loading() {
  return (
    <p role="status" id="loading">
      Loading…
    </p>
  );
}
