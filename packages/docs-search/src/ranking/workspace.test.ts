import { describe, expect, it } from 'vitest';
import { Workspace } from './workspace.js';

describe('Workspace', () => {
  it('marks terms with clause bits and the best quality, and forgets them at the next query', () => {
    const workspace = new Workspace(4, 10);
    workspace.startQuery();
    workspace.mark(3, 0, 0.5);
    workspace.mark(3, 2, 1);
    expect(workspace.maskOf(3)).toBe(0b101);
    expect(workspace.qualityOf(3)).toBe(1);
    expect(workspace.maskOf(4)).toBe(0);
    workspace.startQuery();
    expect(workspace.maskOf(3)).toBe(0);
    expect(workspace.qualityOf(3)).toBe(0);
  });

  it('ignores clauses past the 32 it can track', () => {
    const workspace = new Workspace(1, 1);
    workspace.startQuery();
    workspace.mark(0, 40, 1);
    expect(workspace.maskOf(0)).toBe(0);
  });
});
