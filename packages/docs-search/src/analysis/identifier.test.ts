import { describe, expect, it } from 'vitest';
import { splitIdentifier } from './identifier.js';

const words = (token: string) => splitIdentifier(token).words;
const compounds = (token: string) => splitIdentifier(token).compounds.map((compound) => compound.form);

describe('splitIdentifier', () => {
  it('splits camelCase and PascalCase', () => {
    expect(words('createSmartAgent')).toEqual(['create', 'smart', 'agent']);
    expect(words('AgentRunResult')).toEqual(['agent', 'run', 'result']);
  });

  it('keeps acronyms together and starts a word at the last capital of one', () => {
    expect(words('LLMProvider')).toEqual(['llm', 'provider']);
    expect(words('createA2AHandler')).toEqual(['create', 'a2a', 'handler']);
    expect(words('utf8Decoder')).toEqual(['utf8', 'decoder']);
  });

  it('splits snake_case, kebab-case, dots, colons and slashes alike', () => {
    expect(words('max_iterations')).toEqual(['max', 'iterations']);
    expect(words('kit-core')).toEqual(['kit', 'core']);
    expect(words('AgentRunResult.status')).toEqual(['agent', 'run', 'result', 'status']);
    expect(words('db:migrate')).toEqual(['db', 'migrate']);
    expect(words('kit/kit-core')).toEqual(['kit', 'kit', 'core']);
  });

  it('does not split at digits', () => {
    expect(words('utf8')).toEqual(['utf8']);
    expect(words('a2a')).toEqual(['a2a']);
  });

  it('keeps the whole identifier, lower-cased, as a term too', () => {
    expect(compounds('createSmartAgent')).toEqual(['createsmartagent']);
    expect(compounds('db:migrate')).toEqual(['db:migrate']);
    expect(compounds('_layout.tsx')).toEqual(['_layout.tsx']);
  });

  it('keeps multi-word segments of a dotted identifier whole as well', () => {
    expect(compounds('AgentRunResult.status')).toEqual(['agentrunresult.status', 'agentrunresult']);
  });

  it('adds no compound for a plain word', () => {
    expect(compounds('Agent')).toEqual([]);
    expect(compounds('agent')).toEqual([]);
  });

  it('keeps a leading underscore form, which names a different file than the bare word', () => {
    expect(words('_layout')).toEqual(['layout']);
    expect(compounds('_layout')).toEqual(['_layout']);
  });
});
