import { describe, expect, it } from 'vitest';
import { aiSdkLoop } from './ai-sdk-loop.js';
import { kitLoop } from './kit-loop.js';

describe('bench:agent harnesses', () => {
  it.each([1, 20])('run the same scripted conversation to the end with %i tools', async (tools) => {
    const conversation = { steps: 12, tools };
    expect(await kitLoop(conversation).run()).toBe(12);
    expect(await aiSdkLoop(conversation).run()).toBe(12);
  });
});
