import { describe, expect, it } from 'vitest';
import { pluralSegment } from './naming.js';

describe('pluralSegment', () => {
  it('makes the kebab-case plural of a model name', () => {
    expect(pluralSegment('ticket')).toBe('tickets');
    expect(pluralSegment('category')).toBe('categories');
    expect(pluralSegment('day')).toBe('days');
    expect(pluralSegment('box')).toBe('boxes');
    expect(pluralSegment('status')).toBe('statuses');
    expect(pluralSegment('batch')).toBe('batches');
    expect(pluralSegment('projectSetting')).toBe('project-settings');
    expect(pluralSegment('apiKey')).toBe('api-keys');
    expect(pluralSegment('HTTPRequest')).toBe('http-requests');
    expect(pluralSegment('order_line')).toBe('order-lines');
  });
});
