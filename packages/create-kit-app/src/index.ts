// create-kit-app: the scaffolder of kit apps, as a program (bin create-kit-app) and from code.

// Scaffolding
export { scaffoldApp, type ScaffoldOptions, type ScaffoldResult } from './scaffold/scaffold-app.js';
export { templates, templateNames, type TemplateInfo, type TemplateName } from './scaffold/templates.js';
export { packageManagers, type PackageManager } from './scaffold/package-manager.js';

// The program
export { runCreateKitApp, type CreateKitAppIO } from './cli/run.js';

// Errors
export { CreateKitAppError, createKitAppErrorCodes, type CreateKitAppErrorCode } from './scaffold/create-kit-app-error.js';
