import { describe, expect, it } from 'vitest';
import { chatCompletionsFinishReason, messagesFinishReason } from './finish-reason.js';

describe('finish reasons', () => {
  it('normalises Chat Completions reasons and keeps unknown ones', () => {
    expect(['stop', 'length', 'tool_calls', 'function_call', 'content_filter', 'eos'].map(chatCompletionsFinishReason)).toEqual([
      'stop',
      'length',
      'tool_calls',
      'tool_calls',
      'content_filter',
      'eos',
    ]);
  });

  it('normalises Messages stop reasons and keeps unknown ones', () => {
    expect(
      ['end_turn', 'stop_sequence', 'max_tokens', 'model_context_window_exceeded', 'tool_use', 'refusal', 'pause_turn'].map(
        messagesFinishReason,
      ),
    ).toEqual(['stop', 'stop', 'length', 'length', 'tool_calls', 'content_filter', 'pause_turn']);
  });

  it('has no reason for null, empty or non-string values', () => {
    for (const value of [null, undefined, '', 3]) {
      expect(chatCompletionsFinishReason(value)).toBeUndefined();
      expect(messagesFinishReason(value)).toBeUndefined();
    }
  });
});
