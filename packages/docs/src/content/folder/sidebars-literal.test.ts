import { describe, expect, it } from 'vitest';
import { sidebarsLiteral } from './sidebars-literal.js';

describe('sidebarsLiteral', () => {
  it('reads the exported literal, whatever braces its strings and comments hold', () => {
    const text =
      "/* { not this } */\nexport default {\n  docs: ['a', { type: 'doc', id: 'b', label: 'Braces } and { here' }], // }\n  other: [\"c\"],\n} satisfies Config;\n";
    expect(sidebarsLiteral(text)).toEqual({ docs: ['a', { type: 'doc', id: 'b', label: 'Braces } and { here' }], other: ['c'] });
  });

  it('gives nothing for a module that computes its sidebars or has no literal', () => {
    expect(sidebarsLiteral('module.exports = { docs: [...shared, "a"] };')).toBeUndefined();
    expect(sidebarsLiteral('module.exports = require("./sidebars.json");')).toBeUndefined();
    expect(sidebarsLiteral('export default {')).toBeUndefined();
  });
});
