import { describe, expect, it } from 'vitest';
import { chatCompletionsFinishReason, messagesFinishReason, responsesFinishReason } from './finish-reason.js';

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

  it('reads a Responses answer from its status, its incomplete reason and whether it calls tools', () => {
    expect(responsesFinishReason('completed', undefined, false)).toBe('stop');
    expect(responsesFinishReason(undefined, undefined, false)).toBe('stop');
    expect(responsesFinishReason('completed', undefined, true)).toBe('tool_calls');
    expect(responsesFinishReason('incomplete', 'max_output_tokens', true)).toBe('length');
    expect(responsesFinishReason('incomplete', 'content_filter', false)).toBe('content_filter');
    expect(responsesFinishReason('incomplete', 'turn_limit', false)).toBe('turn_limit');
    expect(responsesFinishReason('incomplete', null, false)).toBe('incomplete');
    expect(responsesFinishReason('cancelled', undefined, false)).toBe('cancelled');
  });

  it('has no reason for null, empty or non-string values', () => {
    for (const value of [null, undefined, '', 3]) {
      expect(chatCompletionsFinishReason(value)).toBeUndefined();
      expect(messagesFinishReason(value)).toBeUndefined();
    }
  });
});
