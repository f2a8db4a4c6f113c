// ---
// title: Writing your own LLMProvider for a self-hosted model
// description: Implements the LLMProvider interface - a name and a chat method returning content, model, usage and finishReason - over a self-hosted model server that speaks a common chat-completions JSON format.
// topics: [ai-toolkit, agents]
// relatedDocs: /docs/llm-providers#writing-your-own-provider
// ---
import type { LLMMessage, LLMProvider, LLMResponse } from '@kit/kit-ai';

interface ChatCompletion {
  model: string;
  choices: { message: { content: string }; finish_reason?: string }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

// For hosted vendors, use the provider factories of @kit/kit-agent instead (apiKey and model).
export function selfHostedProvider(baseUrl: string, model: string): LLMProvider {
  return {
    name: `self-hosted:${model}`,
    chat: async (messages: LLMMessage[]): Promise<LLMResponse> => {
      const response = await fetch(`${baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages }),
      });
      if (!response.ok) {
        throw new Error(`self-hosted provider: ${baseUrl} answered ${response.status}; check that the model server is running.`);
      }
      const body = (await response.json()) as ChatCompletion;
      const choice = body.choices[0];
      if (!choice) throw new Error('self-hosted provider: the answer had no choices.');
      return {
        content: choice.message.content,
        model: body.model,
        ...(choice.finish_reason ? { finishReason: choice.finish_reason } : {}),
        ...(body.usage
          ? {
              usage: {
                promptTokens: body.usage.prompt_tokens,
                completionTokens: body.usage.completion_tokens,
                totalTokens: body.usage.total_tokens,
              },
            }
          : {}),
      };
    },
  };
}

const llm = selfHostedProvider(process.env.LLM_BASE_URL ?? 'http://localhost:8080', 'local-model');
const answer = await llm.chat([{ role: 'user', content: 'Say hello in one word.' }]);
console.log(answer.content, answer.usage?.totalTokens);
