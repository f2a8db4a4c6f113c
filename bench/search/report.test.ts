import { describe, expect, it } from 'vitest';
import { markdownTable, replaceBlock } from './report.js';

describe('benchmark report', () => {
  it('replaces only its own block', () => {
    const before =
      '# Benchmarks\n\n<!-- bench:http:start -->\nhttp\n<!-- bench:http:end -->\n\n<!-- bench:search:start -->\nold\n<!-- bench:search:end -->\n';
    const after = replaceBlock(before, 'new');
    expect(after).toContain('<!-- bench:http:start -->\nhttp\n<!-- bench:http:end -->');
    expect(after).toContain('<!-- bench:search:start -->\nnew\n<!-- bench:search:end -->');
    expect(after).not.toContain('old');
  });

  it('appends the block when missing', () => {
    expect(replaceBlock('', 'x')).toBe('# Benchmarks\n\n<!-- bench:search:start -->\nx\n<!-- bench:search:end -->\n');
  });

  it('formats tables', () => {
    expect(markdownTable(['a'], [['1']])).toBe('| a |\n|---|\n| 1 |');
  });
});
