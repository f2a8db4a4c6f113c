import { useEffect, useState } from 'react';

// Copies a text to the clipboard. The text it copies is always on the page as selectable text as well, so
// without JavaScript (or where the clipboard is refused) it can still be selected and copied by hand.
export function CopyButton({ text, label }: { readonly text: string; readonly label: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);

  // A new text to copy forgets the outcome of copying the previous one.
  useEffect(() => setOutcome(null), [text]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <span className="actions">
      <button type="button" className="secondary small" onClick={() => void copy()} aria-label={label}>
        Copy
      </button>
      <span role="status" className="hint">
        {outcome === 'copied' ? 'Copied to the clipboard.' : outcome === 'failed' ? 'The browser refused the clipboard: select the key and copy it.' : ''}
      </span>
    </span>
  );
}
