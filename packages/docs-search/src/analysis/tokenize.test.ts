import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.js';

const texts = (text: string) => tokenize(text).map((token) => token.text);

describe('tokenize', () => {
  it('keeps identifiers joined by connectors whole', () => {
    expect(texts('run kit db:migrate, then open _layout.tsx')).toEqual(['run', 'kit', 'db:migrate', 'then', 'open', '_layout.tsx']);
    expect(texts('AgentRunResult.status is fatal')).toEqual(['AgentRunResult.status', 'is', 'fatal']);
  });

  it('does not join across a sentence end or a spaced dash', () => {
    expect(texts('It ends here. Next - one')).toEqual(['It', 'ends', 'here', 'Next', 'one']);
  });

  it('drops the punctuation around identifiers', () => {
    expect(texts('`createSmartAgent(config)` from @kit/kit-ai')).toEqual(['createSmartAgent', 'config', 'from', 'kit/kit-ai']);
  });

  it('reports offsets into the text', () => {
    expect(tokenize('a bc')[1]).toEqual({ text: 'bc', start: 2, end: 4 });
  });
});
