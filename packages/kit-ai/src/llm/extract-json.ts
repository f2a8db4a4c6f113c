/** What `extractJson` found: the parsed value and where it came from. */
export type ExtractedJson = { found: true; value: unknown; from: 'whole' | 'fence' | 'span' } | { found: false };

const fencePattern = /```[ \t]*([A-Za-z0-9_-]*)[^\n]*\n([\s\S]*?)```/g;

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Finds the JSON in a model's reply, trying in order: the whole reply (trimmed); the first fenced block
 * labelled `json` (or unlabelled) whose content parses; the first balanced `{...}` or `[...]` span that
 * parses. Models often wrap JSON in prose or a code fence even when told not to, so all three are accepted.
 */
export function extractJson(reply: string): ExtractedJson {
  const whole = tryParse(reply.trim());
  if (whole.ok) return { found: true, value: whole.value, from: 'whole' };

  for (const match of reply.matchAll(fencePattern)) {
    const language = (match[1] ?? '').toLowerCase();
    if (language !== '' && language !== 'json' && language !== 'jsonc' && language !== 'json5') continue;
    const parsed = tryParse((match[2] ?? '').trim());
    if (parsed.ok) return { found: true, value: parsed.value, from: 'fence' };
  }

  for (let start = 0; start < reply.length; start++) {
    const char = reply[start];
    if (char !== '{' && char !== '[') continue;
    const end = balancedEnd(reply, start);
    if (end < 0) continue;
    const parsed = tryParse(reply.slice(start, end + 1));
    if (parsed.ok) return { found: true, value: parsed.value, from: 'span' };
  }
  return { found: false };
}

/** Index of the bracket closing the one at `start`, skipping brackets inside JSON strings; -1 when unbalanced. */
function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') stack.push('}');
    else if (char === '[') stack.push(']');
    else if (char === '}' || char === ']') {
      // A mismatched closer means the text is not JSON from this start; give up on it.
      if (stack.pop() !== char) return -1;
      if (stack.length === 0) return index;
    }
  }
  return -1;
}
