import { describe, expect, it } from 'vitest';
import { stemWord } from './stem.js';
import { isStopWord } from './stop-words.js';

describe('stemWord', () => {
  it('reduces inflections to one stem', () => {
    expect(stemWord('migrations')).toBe(stemWord('migrate'));
    expect(stemWord('iterations')).toBe(stemWord('iteration'));
    expect(stemWord('paused')).toBe(stemWord('pause'));
  });

  it('never turns a word into a function word', () => {
    // Porter makes `on` of `one`, which would then match every `on` of the text.
    expect(stemWord('one')).toBe('one');
    expect(stemWord('ones')).toBe('one');
    expect(stemWord('running')).toBe('run');
  });

  it('leaves numbers, words with digits and very short words alone', () => {
    expect(stemWord('120000')).toBe('120000');
    expect(stemWord('a2a')).toBe('a2a');
    expect(stemWord('is')).toBe('is');
  });
});

describe('isStopWord', () => {
  it('knows English function words and not code words', () => {
    expect(isStopWord('the')).toBe(true);
    expect(isStopWord('how')).toBe(true);
    expect(isStopWord('get')).toBe(false);
    expect(isStopWord('env')).toBe(false);
  });
});
