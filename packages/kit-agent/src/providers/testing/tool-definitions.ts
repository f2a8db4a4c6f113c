/** A tool definition as an agent passes it in `LLMOptions.tools`, for checking how each protocol sends tools. */
export const weatherTool = {
  name: 'get_weather',
  description: 'Current weather of a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
