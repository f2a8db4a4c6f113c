// ---
// title: Writing your own LLMProvider for a self-hosted model
// description: Implements the LLMProvider interface over a self-hosted model server - passing the LLMOptions (tools, maxTokens, temperature, signal) of each call and returning content, model, usage, finishReason and native tool calls.
// topics: [ai-toolkit, agents]
// relatedDocs: /docs/llm-providers#writing-your-own-provider
// ---
import type { LLMMessage, LLMOptions, LLMProvider, LLMResponse } from '@kit/kit-ai';

// The wire format of this server. For a server that speaks the Chat Completions protocol,
// chatCompletionsProvider({ apiKey: '', model, baseUrl }) of @kit/kit-agent already does all of this
// (and streaming); write your own provider for a protocol it does not speak.
interface ServerAnswer {
  model: string;
  choices: {
    message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] };
    finish_reason?: string;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export function selfHostedProvider(baseUrl: string, model: string): LLMProvider {
  return {
    // Shown in the agent's errors: `LLM provider "self-hosted:local-model" failed: ...`.
    name: `self-hosted:${model}`,
    chat: async (messages: LLMMessage[], options?: LLMOptions): Promise<LLMResponse> => {
      const body = {
        model,
        messages,
        // Every LLMOptions field is optional; pass on the ones the server understands.
        ...(options?.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
        ...(options?.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options?.tools?.length
          ? { tools: options.tools.map((tool) => ({ type: 'function', function: tool })) }
          : {}),
      };
      const response = await fetch(`${baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        // The agent aborts this signal at chatTimeoutMs and on cancellation: honour it.
        ...(options?.signal ? { signal: options.signal } : {}),
      });
      if (!response.ok) {
        throw new Error(`self-hosted provider: ${baseUrl} answered ${response.status}; check that the model server is running.`);
      }
      const answer = (await response.json()) as ServerAnswer;
      const choice = answer.choices[0];
      if (!choice) throw new Error('self-hosted provider: the answer had no choices.');
      const toolCalls: LLMResponse['toolCalls'] = (choice.message.tool_calls ?? []).map((call) => ({
        id: call.id,
        name: call.function.name,
        arguments: JSON.parse(call.function.arguments || '{}') as Record<string, unknown>,
      }));
      return {
        content: choice.message.content ?? '',
        model: answer.model,
        // `length` tells the agent the output cap cut the reply; `tool_calls` that it waits for results.
        ...(choice.finish_reason ? { finishReason: choice.finish_reason } : {}),
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
        ...(answer.usage
          ? {
              usage: {
                promptTokens: answer.usage.prompt_tokens,
                completionTokens: answer.usage.completion_tokens,
                totalTokens: answer.usage.total_tokens,
              },
            }
          : {}),
      };
    },
  };
}

const llm = selfHostedProvider(process.env.LLM_BASE_URL ?? 'http://localhost:8080', 'local-model');
const answer = await llm.chat([{ role: 'user', content: 'Say hello in one word.' }], {
  maxTokens: 20,
  signal: AbortSignal.timeout(10_000),
});
console.log(answer.content, answer.finishReason, answer.usage?.totalTokens);
