import { KitAIError, type LLMOptions } from '@kit/kit-ai';

/** Options both provider factories accept. */
export interface ProviderConnectionOptions {
  /**
   * The vendor API key. May be empty only when `baseUrl` is given (a local server that needs no
   * key); the authentication header is then left out.
   */
  apiKey: string;
  /** The model to call, as the server names it. */
  model: string;
  /** Root address of the server; see each factory for its default and the path it appends. */
  baseUrl?: string;
  /** Output token cap used when a call gives no `LLMOptions.maxTokens`. */
  maxTokens?: number;
  /** Extra HTTP headers sent with every request; they override the provider's own headers of the same name. */
  headers?: Record<string, string>;
}

/** Options after validation, with the base address stripped of trailing slashes. */
export interface ResolvedConnection {
  readonly apiKey: string;
  readonly model: string;
  readonly baseUrl: string;
  readonly baseUrlGiven: boolean;
  readonly maxTokens: number | undefined;
  readonly headers: Readonly<Record<string, string>>;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Checks the options of a factory at creation time, so a missing key or a mistyped address fails
 * where the provider is built rather than on the first call deep inside an agent run.
 */
export function resolveConnection(factory: string, options: ProviderConnectionOptions, defaultBaseUrl: string): ResolvedConnection {
  if (typeof options !== 'object' || options === null) {
    throw new KitAIError('invalid_config', `${factory}: options must be an object with apiKey and model, got ${shown(options)}`);
  }
  const { apiKey, model, baseUrl, maxTokens, headers } = options;
  if (typeof model !== 'string' || model.trim() === '') {
    throw new KitAIError('invalid_config', `${factory}: model must be a non-empty string naming the model to call, got ${shown(model)}`);
  }
  if (baseUrl !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = typeof baseUrl === 'string' ? new URL(baseUrl) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new KitAIError(
        'invalid_config',
        `${factory}: baseUrl must be an absolute http or https address such as "http://127.0.0.1:8080/v1", got ${shown(baseUrl)}`,
      );
    }
  }
  if (typeof apiKey !== 'string' || (apiKey.trim() === '' && baseUrl === undefined)) {
    throw new KitAIError(
      'invalid_config',
      `${factory}: apiKey must be the vendor API key (read it with env() and check it is set), got ${shown(apiKey)}; an empty apiKey is accepted only together with baseUrl, for a local server that needs no key`,
    );
  }
  if (maxTokens !== undefined && !isPositiveInteger(maxTokens)) {
    throw new KitAIError('invalid_config', `${factory}: maxTokens must be a positive integer number of tokens, got ${shown(maxTokens)}`);
  }
  if (headers !== undefined) {
    const bad =
      typeof headers !== 'object' || headers === null ? headers : Object.entries(headers).find(([, value]) => typeof value !== 'string');
    if (bad !== undefined) {
      throw new KitAIError(
        'invalid_config',
        `${factory}: headers must map header names to string values, got ${shown(Array.isArray(bad) ? { [String(bad[0])]: bad[1] } : bad)}`,
      );
    }
  }
  return {
    apiKey: apiKey.trim(),
    model,
    baseUrl: (baseUrl ?? defaultBaseUrl).replace(/\/+$/, ''),
    baseUrlGiven: baseUrl !== undefined,
    maxTokens,
    headers: { ...headers },
  };
}

/** The per-call settings after validation; `maxTokens` falls back to the factory's. */
export interface CallSettings {
  readonly maxTokens: number | undefined;
  readonly temperature: number | undefined;
}

/** Checks the numbers of one call's `LLMOptions`; bad ones are configuration errors of the caller. */
export function resolveCallSettings(
  provider: string,
  options: LLMOptions | undefined,
  fallbackMaxTokens: number | undefined,
): CallSettings {
  const maxTokens = options?.maxTokens;
  if (maxTokens !== undefined && !isPositiveInteger(maxTokens)) {
    throw new KitAIError(
      'invalid_config',
      `${provider}: options.maxTokens must be a positive integer number of tokens, got ${shown(maxTokens)}`,
    );
  }
  const temperature = options?.temperature;
  if (temperature !== undefined && (typeof temperature !== 'number' || !Number.isFinite(temperature) || temperature < 0)) {
    throw new KitAIError(
      'invalid_config',
      `${provider}: options.temperature must be a finite number of at least 0, got ${shown(temperature)}`,
    );
  }
  return { maxTokens: maxTokens ?? fallbackMaxTokens, temperature };
}
