/**
 * Answers of a Chat Completions server, written out as the exact texts the protocol sends (field
 * order, `null`s and the `usage: null` of stream chunks included).
 */

export const textAnswer = `{
  "id": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
  "object": "chat.completion",
  "created": 1741569952,
  "model": "gpt-4.1-2025-04-14",
  "choices": [
    {
      "index": 0,
      "message": {
        "role": "assistant",
        "content": "Bonjour ! Il fait beau à Paris.",
        "refusal": null,
        "annotations": []
      },
      "logprobs": null,
      "finish_reason": "stop"
    }
  ],
  "usage": {
    "prompt_tokens": 19,
    "completion_tokens": 10,
    "total_tokens": 29,
    "prompt_tokens_details": { "cached_tokens": 0, "audio_tokens": 0 },
    "completion_tokens_details": { "reasoning_tokens": 0, "audio_tokens": 0, "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0 }
  },
  "service_tier": "default",
  "system_fingerprint": "fp_44709d6fcb"
}`;

export const toolCallAnswer = `{
  "id": "chatcmpl-abc123",
  "object": "chat.completion",
  "created": 1699896916,
  "model": "gpt-4o-mini-2024-07-18",
  "choices": [
    {
      "index": 0,
      "message": {
        "role": "assistant",
        "content": null,
        "tool_calls": [
          {
            "id": "call_abc123",
            "type": "function",
            "function": { "name": "get_weather", "arguments": "{\\n\\"city\\": \\"Paris\\",\\n\\"unit\\": \\"celsius\\"\\n}" }
          },
          {
            "id": "call_def456",
            "type": "function",
            "function": { "name": "get_time", "arguments": "{}" }
          }
        ],
        "refusal": null,
        "annotations": []
      },
      "logprobs": null,
      "finish_reason": "tool_calls"
    }
  ],
  "usage": { "prompt_tokens": 82, "completion_tokens": 17, "total_tokens": 99 }
}`;

export const lengthAnswer = `{"id":"chatcmpl-len","object":"chat.completion","created":1,"model":"gpt-4o-mini","choices":[{"index":0,"message":{"role":"assistant","content":"Once upon a","refusal":null},"logprobs":null,"finish_reason":"length"}],"usage":{"prompt_tokens":5,"completion_tokens":3,"total_tokens":8}}`;

export const invalidKeyError = `{
  "error": {
    "message": "Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.",
    "type": "invalid_request_error",
    "param": null,
    "code": "invalid_api_key"
  }
}`;

export const contextLengthError = `{
  "error": {
    "message": "This model's maximum context length is 128000 tokens. However, your messages resulted in 130561 tokens. Please reduce the length of the messages.",
    "type": "invalid_request_error",
    "param": "messages",
    "code": "context_length_exceeded"
  }
}`;

/** A compatible local server's wording of the same failure, without the code. */
export const localContextError = `{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error"}}`;

export const rateLimitError = `{"error":{"message":"Rate limit reached for gpt-4o-mini in organization org-x on tokens per min (TPM): Limit 200000, Used 199000, Requested 3000.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}`;

const head =
  '"id":"chatcmpl-7","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_44709d6fcb"';

/** A streamed text answer: role chunk, content deltas (one with a multi-byte character), finish, usage, `[DONE]`. */
export const textStream = [
  `data: {${head},"choices":[{"index":0,"delta":{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  `data: {${head},"choices":[{"index":0,"delta":{"content":"Grüße"},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  `data: {${head},"choices":[{"index":0,"delta":{"content":" aus 🌍"},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  `data: {${head},"choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}],"usage":null}\n\n`,
  `data: {${head},"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":4,"total_tokens":16,"prompt_tokens_details":{"cached_tokens":0,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}}}\n\n`,
  'data: [DONE]\n\n',
].join('');

/** Two parallel tool calls, each with its arguments streamed in fragments. */
export const toolCallStream = [
  `data: {${head},"choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_DdmO9pD3xa9XTPNJ32zg2hcA","type":"function","function":{"name":"get_weather","arguments":""}}],"refusal":null},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  `data: {${head},"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"ci"}}]},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  `data: {${head},"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"ty\\": \\"Zürich\\""}}]},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  `data: {${head},"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  `data: {${head},"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_8f6mJ2kYx1","type":"function","function":{"name":"get_time","arguments":""}}]},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  `data: {${head},"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\\"zone\\": "}}]},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  `data: {${head},"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"\\"Europe/Zurich\\"}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  `data: {${head},"choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"tool_calls"}],"usage":null}\n\n`,
  `data: {${head},"choices":[],"usage":{"prompt_tokens":90,"completion_tokens":40,"total_tokens":130}}\n\n`,
  'data: [DONE]\n\n',
].join('');

/** An error the server reports inside an already started stream. */
export const midStreamError = [
  `data: {${head},"choices":[{"index":0,"delta":{"role":"assistant","content":"Hel"},"logprobs":null,"finish_reason":null}],"usage":null}\n\n`,
  'data: {"error":{"message":"The server had an error while processing your request. Sorry about that!","type":"server_error","param":null,"code":null}}\n\n',
].join('');
