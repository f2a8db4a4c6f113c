import { describe, expect, it } from 'vitest';
import { kitNotInRegistryMessage, missingKitPackage } from './install.js';

describe('missingKitPackage', () => {
  it('finds the kit package in the 404 of each package manager', () => {
    expect(
      missingKitPackage(
        'npm error code E404\nnpm error 404 Not Found - GET http://127.0.0.1:4873/@kit%2fkit-cli - no such package available\n',
      ),
    ).toBe('@kit/kit-cli');
    expect(missingKitPackage("npm error 404  '@kit/kit-core@0.1.0' is not in this registry.")).toBe('@kit/kit-core@0.1.0');
    expect(missingKitPackage(' ERR_PNPM_FETCH_404  GET http://127.0.0.1:4873/@kit%2Fkit-db: Not Found - 404')).toBe('@kit/kit-db');
    expect(missingKitPackage('error Couldn\'t find package "@kit/kit-react@0.1.0" on the "npm" registry.')).toBe('@kit/kit-react@0.1.0');
    expect(missingKitPackage('error: package "@kit/kit-auth" not found')).toBe('@kit/kit-auth');
  });

  it('leaves other failures alone, even when a kit package is named elsewhere', () => {
    expect(missingKitPackage('npm error 404 Not Found - GET http://127.0.0.1:4873/left-pad - no such package available')).toBeUndefined();
    expect(missingKitPackage('added @kit/kit-cli\nnpm error code EACCES\nnpm error syscall mkdir')).toBeUndefined();
    expect(missingKitPackage('')).toBeUndefined();
  });
});

describe('kitNotInRegistryMessage', () => {
  it('names the package and both ways forward', () => {
    const message = kitNotInRegistryMessage('@kit/kit-cli', 'npm', '/tmp/my-app');
    expect(message).toContain('could not find @kit/kit-cli');
    expect(message).toContain('npm run registry');
    expect(message).toContain('--link <path of the clone>');
    expect(message).toContain('/tmp/my-app');
  });
});
