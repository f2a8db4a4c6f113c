/**
 * The headers every answer of the app carries (`values`: request id, rate limits), given to the answer
 * before it builds its response, and that response once it is built with them (`built`), so the app has
 * nothing to add to it: adding would turn the response's plain header object into a fetch `Headers`.
 */
export interface AnswerHeaders {
  readonly values: Record<string, string>;
  built: Response | undefined;
}
