/**
 * Answers of a Responses server, written out as the exact texts the protocol sends: whole response
 * objects with their `null`s and settings echoed back, and named events each with the type again in
 * its data and a `sequence_number`.
 */

export const textAnswer = `{
  "id": "resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b",
  "object": "response",
  "created_at": 1741476542,
  "status": "completed",
  "background": false,
  "error": null,
  "incomplete_details": null,
  "instructions": "Answer in French.",
  "max_output_tokens": null,
  "model": "gpt-5-mini-2025-08-07",
  "output": [
    {
      "id": "rs_67ccd2bf17f0819081ff3bb2cf6508e60bb6a6b452d3795b",
      "type": "reasoning",
      "summary": []
    },
    {
      "id": "msg_67ccd2bf17f0819081ff3bb2cf6508e60bb6a6b452d3795b",
      "type": "message",
      "status": "completed",
      "content": [
        {
          "type": "output_text",
          "annotations": [],
          "logprobs": [],
          "text": "Bonjour ! Il fait beau à Paris."
        }
      ],
      "role": "assistant"
    }
  ],
  "parallel_tool_calls": true,
  "previous_response_id": null,
  "reasoning": { "effort": "low", "summary": null },
  "service_tier": "default",
  "store": false,
  "temperature": 1.0,
  "text": { "format": { "type": "text" }, "verbosity": "medium" },
  "tool_choice": "auto",
  "tools": [],
  "top_p": 1.0,
  "truncation": "disabled",
  "usage": {
    "input_tokens": 36,
    "input_tokens_details": { "cached_tokens": 0 },
    "output_tokens": 87,
    "output_tokens_details": { "reasoning_tokens": 64 },
    "total_tokens": 123
  },
  "user": null,
  "metadata": {}
}`;

export const functionCallAnswer = `{
  "id": "resp_68af6f3a9c1c81a0b0ad5d4ad9dfc0b10c7d4ae7c5b0b0d1",
  "object": "response",
  "created_at": 1756328762,
  "status": "completed",
  "background": false,
  "error": null,
  "incomplete_details": null,
  "instructions": null,
  "max_output_tokens": null,
  "model": "gpt-5-2025-08-07",
  "output": [
    {
      "id": "rs_68af6f3b25c481a0a9b2f7c1a1c2f7b70c7d4ae7c5b0b0d1",
      "type": "reasoning",
      "summary": []
    },
    {
      "id": "fc_68af6f3c0a8481a0b7a3b5a2f0c4b6d50c7d4ae7c5b0b0d1",
      "type": "function_call",
      "status": "completed",
      "arguments": "{\\"city\\":\\"Paris\\",\\"unit\\":\\"celsius\\"}",
      "call_id": "call_w2dq8bHJmJ4C3Ls5Ey2Y1VAA",
      "name": "get_weather"
    },
    {
      "id": "fc_68af6f3c0c9c81a0a1f6ed7bb2d4e0a70c7d4ae7c5b0b0d1",
      "type": "function_call",
      "status": "completed",
      "arguments": "{}",
      "call_id": "call_Zh0Pq9x7Ty3mB1kcRvd2fQeS",
      "name": "get_time"
    }
  ],
  "parallel_tool_calls": true,
  "previous_response_id": null,
  "reasoning": { "effort": "medium", "summary": null },
  "store": false,
  "temperature": 1.0,
  "text": { "format": { "type": "text" }, "verbosity": "medium" },
  "tool_choice": "auto",
  "tools": [
    {
      "type": "function",
      "description": "Current weather of a city.",
      "name": "get_weather",
      "parameters": { "type": "object", "properties": { "city": { "type": "string" } }, "required": ["city"] },
      "strict": false
    }
  ],
  "top_p": 1.0,
  "truncation": "disabled",
  "usage": {
    "input_tokens": 291,
    "input_tokens_details": { "cached_tokens": 256 },
    "output_tokens": 215,
    "output_tokens_details": { "reasoning_tokens": 192 },
    "total_tokens": 506
  },
  "user": null,
  "metadata": {}
}`;

/** Cut at `max_output_tokens`: the reasoning used most of the cap, the message is incomplete. */
export const incompleteAnswer = `{"id":"resp_inc","object":"response","created_at":1741476600,"status":"incomplete","error":null,"incomplete_details":{"reason":"max_output_tokens"},"instructions":null,"max_output_tokens":40,"model":"gpt-5-mini-2025-08-07","output":[{"id":"rs_inc","type":"reasoning","summary":[]},{"id":"msg_inc","type":"message","status":"incomplete","content":[{"type":"output_text","annotations":[],"logprobs":[],"text":"Once upon a"}],"role":"assistant"}],"parallel_tool_calls":true,"store":false,"temperature":1.0,"tool_choice":"auto","tools":[],"top_p":1.0,"usage":{"input_tokens":12,"input_tokens_details":{"cached_tokens":0},"output_tokens":40,"output_tokens_details":{"reasoning_tokens":36},"total_tokens":52}}`;

/** A refusal part in place of text. */
export const refusalAnswer = `{"id":"resp_ref","object":"response","created_at":1741476700,"status":"completed","error":null,"incomplete_details":null,"model":"gpt-4.1-2025-04-14","output":[{"id":"msg_ref","type":"message","status":"completed","content":[{"type":"refusal","refusal":"I can't help with that."}],"role":"assistant"}],"usage":{"input_tokens":20,"input_tokens_details":{"cached_tokens":0},"output_tokens":7,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":27}}`;

export const invalidKeyError = `{
  "error": {
    "message": "Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.",
    "type": "invalid_request_error",
    "param": null,
    "code": "invalid_api_key"
  }
}`;

export const modelNotFoundError = `{
  "error": {
    "message": "The model \`gpt-9\` does not exist or you do not have access to it.",
    "type": "invalid_request_error",
    "param": null,
    "code": "model_not_found"
  }
}`;

export const contextWindowError = `{
  "error": {
    "message": "Your input exceeds the context window of this model. Please adjust your input and try again.",
    "type": "invalid_request_error",
    "param": "input",
    "code": "context_length_exceeded"
  }
}`;

export const rateLimitError = `{"error":{"message":"Rate limit reached for gpt-5-mini in organization org-x on tokens per min (TPM): Limit 200000, Used 199000, Requested 3000. Please try again in 900ms.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}`;

export const serverError = `{"error":{"message":"The server had an error while processing your request. Sorry about that!","type":"server_error","param":null,"code":null}}`;

const created = (sequence: number, id: string, model: string) => `event: response.created
data: {"type":"response.created","sequence_number":${sequence},"response":{"id":"${id}","object":"response","created_at":1741290958,"status":"in_progress","background":false,"error":null,"incomplete_details":null,"instructions":null,"max_output_tokens":null,"model":"${model}","output":[],"parallel_tool_calls":true,"previous_response_id":null,"reasoning":{"effort":null,"summary":null},"store":false,"temperature":1.0,"text":{"format":{"type":"text"}},"tool_choice":"auto","tools":[],"top_p":1.0,"truncation":"disabled","usage":null,"user":null,"metadata":{}}}

`;

const textMessage = (text: string) =>
  `{"id":"msg_67c9fdcf37fc8190ba82116e33fb28c507b8b0ad4e5eb654","type":"message","status":"completed","content":[{"type":"output_text","annotations":[],"logprobs":[],"text":"${text}"}],"role":"assistant"}`;

/** A streamed text answer: the lifecycle events, a multi-byte text in two deltas, usage in `response.completed`. */
export const textStream = `${created(0, 'resp_67c9fdcecf488190bdd9a0a5dd4d6d2a07b8b0ad4e5eb654', 'gpt-4.1-2025-04-14')}event: response.in_progress
data: {"type":"response.in_progress","sequence_number":1,"response":{"id":"resp_67c9fdcecf488190bdd9a0a5dd4d6d2a07b8b0ad4e5eb654","object":"response","created_at":1741290958,"status":"in_progress","error":null,"incomplete_details":null,"model":"gpt-4.1-2025-04-14","output":[],"usage":null}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":2,"output_index":0,"item":{"id":"msg_67c9fdcf37fc8190ba82116e33fb28c507b8b0ad4e5eb654","type":"message","status":"in_progress","content":[],"role":"assistant"}}

event: response.content_part.added
data: {"type":"response.content_part.added","sequence_number":3,"item_id":"msg_67c9fdcf37fc8190ba82116e33fb28c507b8b0ad4e5eb654","output_index":0,"content_index":0,"part":{"type":"output_text","annotations":[],"logprobs":[],"text":""}}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":4,"item_id":"msg_67c9fdcf37fc8190ba82116e33fb28c507b8b0ad4e5eb654","output_index":0,"content_index":0,"delta":"Grüße","logprobs":[],"obfuscation":"Xk3"}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":5,"item_id":"msg_67c9fdcf37fc8190ba82116e33fb28c507b8b0ad4e5eb654","output_index":0,"content_index":0,"delta":" aus 🌍","logprobs":[],"obfuscation":"q"}

event: response.output_text.done
data: {"type":"response.output_text.done","sequence_number":6,"item_id":"msg_67c9fdcf37fc8190ba82116e33fb28c507b8b0ad4e5eb654","output_index":0,"content_index":0,"text":"Grüße aus 🌍","logprobs":[]}

event: response.content_part.done
data: {"type":"response.content_part.done","sequence_number":7,"item_id":"msg_67c9fdcf37fc8190ba82116e33fb28c507b8b0ad4e5eb654","output_index":0,"content_index":0,"part":{"type":"output_text","annotations":[],"logprobs":[],"text":"Grüße aus 🌍"}}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":8,"output_index":0,"item":${textMessage('Grüße aus 🌍')}}

event: response.completed
data: {"type":"response.completed","sequence_number":9,"response":{"id":"resp_67c9fdcecf488190bdd9a0a5dd4d6d2a07b8b0ad4e5eb654","object":"response","created_at":1741290958,"status":"completed","error":null,"incomplete_details":null,"instructions":null,"max_output_tokens":null,"model":"gpt-4.1-2025-04-14","output":[${textMessage('Grüße aus 🌍')}],"parallel_tool_calls":true,"store":false,"temperature":1.0,"tool_choice":"auto","tools":[],"top_p":1.0,"usage":{"input_tokens":12,"input_tokens_details":{"cached_tokens":0},"output_tokens":4,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":16},"user":null,"metadata":{}}}

`;

const weatherCall = (status: string, args: string) =>
  `{"id":"fc_12345xyz","type":"function_call","status":"${status}","arguments":"${args}","call_id":"call_12345xyz","name":"get_weather"}`;
const timeCall = (status: string, args: string) =>
  `{"id":"fc_67890abc","type":"function_call","status":"${status}","arguments":"${args}","call_id":"call_67890abc","name":"get_time"}`;
const reasoningItem = '{"id":"rs_6876cf02e0bc8192b74af0fb64b715ff06fa2fcced15a5ac","type":"reasoning","summary":[]}';
const weatherArgs = '{\\"city\\":\\"Zürich\\",\\"unit\\":\\"celsius\\"}';
const timeArgs = '{\\"zone\\":\\"Europe/Zurich\\"}';

/** A reasoning item, a short text, then two function calls whose arguments arrive in pieces. */
export const functionCallStream = `${created(0, 'resp_6876cf02a3a081929a6d1e6e2d0e1a5e06fa2fcced15a5ac', 'gpt-5-2025-08-07')}event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"id":"rs_6876cf02e0bc8192b74af0fb64b715ff06fa2fcced15a5ac","type":"reasoning","summary":[]}}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":2,"output_index":0,"item":${reasoningItem}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":3,"output_index":1,"item":{"id":"msg_6876cf0477e88192","type":"message","status":"in_progress","content":[],"role":"assistant"}}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":4,"item_id":"msg_6876cf0477e88192","output_index":1,"content_index":0,"delta":"Let me check.","logprobs":[]}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":5,"output_index":1,"item":{"id":"msg_6876cf0477e88192","type":"message","status":"completed","content":[{"type":"output_text","annotations":[],"logprobs":[],"text":"Let me check."}],"role":"assistant"}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":6,"output_index":2,"item":${weatherCall('in_progress', '')}}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":7,"item_id":"fc_12345xyz","output_index":2,"delta":"{\\"city\\":\\"Zü","obfuscation":"aT"}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":8,"item_id":"fc_12345xyz","output_index":2,"delta":"rich\\",\\"unit\\":\\"celsius\\"}","obfuscation":"7"}

event: response.function_call_arguments.done
data: {"type":"response.function_call_arguments.done","sequence_number":9,"item_id":"fc_12345xyz","output_index":2,"name":"get_weather","arguments":"${weatherArgs}"}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":10,"output_index":2,"item":${weatherCall('completed', weatherArgs)}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":11,"output_index":3,"item":${timeCall('in_progress', '')}}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":12,"item_id":"fc_67890abc","output_index":3,"delta":"{\\"zone\\":"}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":13,"item_id":"fc_67890abc","output_index":3,"delta":"\\"Europe/Zurich\\"}"}

event: response.function_call_arguments.done
data: {"type":"response.function_call_arguments.done","sequence_number":14,"item_id":"fc_67890abc","output_index":3,"name":"get_time","arguments":"${timeArgs}"}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":15,"output_index":3,"item":${timeCall('completed', timeArgs)}}

event: response.completed
data: {"type":"response.completed","sequence_number":16,"response":{"id":"resp_6876cf02a3a081929a6d1e6e2d0e1a5e06fa2fcced15a5ac","object":"response","created_at":1752616706,"status":"completed","error":null,"incomplete_details":null,"model":"gpt-5-2025-08-07","output":[${reasoningItem},{"id":"msg_6876cf0477e88192","type":"message","status":"completed","content":[{"type":"output_text","annotations":[],"logprobs":[],"text":"Let me check."}],"role":"assistant"},${weatherCall('completed', weatherArgs)},${timeCall('completed', timeArgs)}],"parallel_tool_calls":true,"store":false,"tool_choice":"auto","usage":{"input_tokens":90,"input_tokens_details":{"cached_tokens":0},"output_tokens":140,"output_tokens_details":{"reasoning_tokens":100},"total_tokens":230}}}

`;

/** Text, then the output cap cuts a function call in the middle of its arguments. */
export const incompleteStream = `${created(0, 'resp_cut', 'gpt-5-mini-2025-08-07')}event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"id":"msg_cut","type":"message","status":"in_progress","content":[],"role":"assistant"}}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":2,"item_id":"msg_cut","output_index":0,"content_index":0,"delta":"Checking","logprobs":[]}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":3,"output_index":1,"item":${weatherCall('in_progress', '')}}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":4,"item_id":"fc_12345xyz","output_index":1,"delta":"{\\"city\\":\\"Zü"}

event: response.incomplete
data: {"type":"response.incomplete","sequence_number":5,"response":{"id":"resp_cut","object":"response","created_at":1752616706,"status":"incomplete","error":null,"incomplete_details":{"reason":"max_output_tokens"},"model":"gpt-5-mini-2025-08-07","output":[{"id":"msg_cut","type":"message","status":"completed","content":[{"type":"output_text","annotations":[],"logprobs":[],"text":"Checking"}],"role":"assistant"},${weatherCall('incomplete', '{\\"city\\":\\"Zü')}],"usage":{"input_tokens":30,"input_tokens_details":{"cached_tokens":0},"output_tokens":16,"output_tokens_details":{"reasoning_tokens":8},"total_tokens":46}}}

`;

const helloDelta = `event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":2,"item_id":"msg_err","output_index":0,"content_index":0,"delta":"Hel","logprobs":[]}

`;
const helloStart = `${created(0, 'resp_err', 'gpt-5-mini-2025-08-07')}event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"id":"msg_err","type":"message","status":"in_progress","content":[],"role":"assistant"}}

${helloDelta}`;

/** An `error` event after the stream started. */
export const errorEventStream = `${helloStart}event: error
data: {"type":"error","code":"server_error","message":"The server had an error while processing your request. Sorry about that!","param":null,"sequence_number":3}

`;

/** The answer fails after it started: `response.failed` with the error in the response. */
export const failedStream = `${helloStart}event: response.failed
data: {"type":"response.failed","sequence_number":3,"response":{"id":"resp_err","object":"response","created_at":1752616706,"status":"failed","error":{"code":"rate_limit_exceeded","message":"Rate limit reached for gpt-5-mini in organization org-x on tokens per min (TPM). Please try again in 2s."},"incomplete_details":null,"model":"gpt-5-mini-2025-08-07","output":[],"usage":null}}

`;
