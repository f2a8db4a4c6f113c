/**
 * Stable codes of the failures `scaffoldApp` and the `create-kit-app` program report.
 *
 * @example
 * ```ts
 * import { createKitAppErrorCodes } from 'create-kit-app';
 *
 * console.log(createKitAppErrorCodes.join(', '));
 * ```
 */
export const createKitAppErrorCodes = [
  'folder_not_empty',
  'unknown_template',
  'unknown_package_manager',
  'bad_project_name',
  'link_not_workspace',
  'install_failed',
  'kit_not_in_registry',
] as const;

/** One of {@link createKitAppErrorCodes}. */
export type CreateKitAppErrorCode = (typeof createKitAppErrorCodes)[number];

// The program's exit code for each failure: 1 the run found a problem with the target, 2 the request
// itself is wrong (a script should not retry it unchanged), 3 the environment (workspace, installer).
const exitCodes: Record<CreateKitAppErrorCode, number> = {
  folder_not_empty: 1,
  unknown_template: 2,
  unknown_package_manager: 2,
  bad_project_name: 2,
  link_not_workspace: 3,
  install_failed: 3,
  kit_not_in_registry: 3,
};

/**
 * A failure of the scaffolder with a stable `code`, a message naming the bad value and the fix, and the
 * exit code the program ends with.
 *
 * @example
 * ```ts
 * import { CreateKitAppError, scaffoldApp } from 'create-kit-app';
 *
 * try {
 *   await scaffoldApp({ directory: 'my-app', install: false });
 * } catch (error) {
 *   if (error instanceof CreateKitAppError && error.code === 'folder_not_empty') console.error(error.message);
 * }
 * ```
 */
export class CreateKitAppError extends Error {
  /** The stable code. */
  readonly code: CreateKitAppErrorCode;
  /** 1 (the folder), 2 (a bad option value) or 3 (workspace or installer). */
  readonly exitCode: number;

  constructor(code: CreateKitAppErrorCode, message: string) {
    super(message);
    this.name = 'CreateKitAppError';
    this.code = code;
    this.exitCode = exitCodes[code];
  }
}
