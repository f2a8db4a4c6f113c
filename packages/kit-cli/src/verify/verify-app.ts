import type { BuildManifest, StartedApp } from '@kit/kit-dev';
import type { KitConfig } from '@kit/kit-core';
import type { StepOutcome } from './verify-types.js';

/** What the steps share: the app's root, and what the load step built and imported for the later steps. */
export interface VerifyApp {
  readonly root: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where the load step builds the app (removed when verify ends). */
  readonly buildDir: string;
  /** Set by the load step. */
  loaded?: LoadedBuild;
  /** Set by the contract step, closed when verify ends. */
  server?: StartedApp;
}

/** The app as the load step imported it from its build. */
export interface LoadedBuild {
  readonly manifest: BuildManifest;
  /** The default export of kit.config.ts, or null without one. */
  readonly config: KitConfig | null;
  /** Route file (relative to app/routes) → its imported server module. */
  readonly modules: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

/** A step of the cascade. */
export interface VerifyStep {
  readonly name: string;
  readonly title: string;
  run(app: VerifyApp): Promise<StepOutcome>;
}
