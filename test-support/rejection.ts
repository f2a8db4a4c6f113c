/**
 * The error a promise rejects with, for tests that go on to check its code and message. The test fails
 * when the promise resolves, or rejects with something that is not an instance of `type`.
 */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw new Error(`expected a ${type.name}, got ${String(error)}`);
  }
  throw new Error(`expected the promise to reject with a ${type.name}, but it resolved`);
}

/** The error `run` throws, checked to be an instance of `type`; the test fails when it returns instead. */
export function thrownBy<E extends Error>(run: () => unknown, type: abstract new (...args: never[]) => E): E {
  try {
    run();
  } catch (error) {
    if (error instanceof type) return error;
    throw new Error(`expected a ${type.name}, got ${String(error)}`);
  }
  throw new Error(`expected a ${type.name} to be thrown, but the call returned`);
}
