/**
 * @kit/kit-ai: the standalone AI toolkit of kit. The smart agent loop with tools and tasks, budgets,
 * compaction, hooks and checkpoints; skills, memory and self-evolution; and one-shot LLM utilities.
 * It needs no kit server: an agent runs in a script, a worker or another framework.
 */

// The agent loop
export { createSmartAgent } from './agent/create-smart-agent.js';
export type {
  AgentCheckpoint,
  AgentCheckpointStage,
  AgentRunResult,
  AgentRunStatus,
  AutocompactConfig,
  BackgroundTasksConfig,
  CallDecision,
  CallRequest,
  CompactionConfig,
  CompactionState,
  ControlAction,
  ControlContext,
  ControlPoint,
  IterationSnapshot,
  MicrocompactConfig,
  PendingApproval,
  PostRunErrorInfo,
  SmartAgent,
  SmartAgentConfig,
  SmartAgentHooks,
  SnipConfig,
  StopHook,
  StopHookContext,
  StopHookResult,
  StreamingExecutorConfig,
  TokenBudgetConfig,
  ToolCatalogConfig,
  ToolResultBudgetConfig,
} from './agent/types.js';
export type {
  AgentRunStream,
  AgentStreamEvent,
  AgentStreamOptions,
  CallFinishedData,
  CallKind,
  CallStartedData,
  CheckpointData,
  ModelCallData,
} from './agent/run-events.js';

// Harness mode: durable runs, workers, sandboxes
export { createHarness } from './harness/create-harness.js';
export { createHarnessWorker } from './harness/create-harness-worker.js';
export { MemoryRunStore } from './harness/stores/memory-run-store.js';
export {
  createBrowserSandbox,
  createFileSandbox,
  type BrowserClickResult,
  type BrowserOpenResult,
  type BrowserSandbox,
  type BrowserSandboxOptions,
  type BrowserTextResult,
  type CommandResult,
  type FileEditResult,
  type FileListEntry,
  type FileListResult,
  type FileReadResult,
  type FileSandbox,
  type FileSandboxOptions,
  type FileWriteResult,
  type PageState,
} from './harness/sandbox/index.js';
export type {
  ApprovalDecision,
  Harness,
  HarnessBrowserSandboxOptions,
  HarnessConfig,
  HarnessFileSandboxOptions,
  HarnessWorker,
  HarnessWorkerOptions,
  RunEventsOptions,
  RunHandle,
  StartRunOptions,
  Verifier,
  VerifyContext,
  VerifyOutcome,
} from './harness/harness-types.js';
export type {
  ArtifactRecord,
  ClaimOptions,
  ClaimedRun,
  JsonObject,
  NewArtifact,
  NewRun,
  NewRunEvent,
  RunApproval,
  RunCondition,
  RunContinuation,
  RunEvent,
  RunEventData,
  RunEventType,
  RunLease,
  RunPage,
  RunPatch,
  RunQuery,
  RunRecord,
  RunStatus,
  RunStore,
  RunTextEvent,
} from './harness/types.js';
export type { RunTraceContext } from './tracing/spans.js';

// Tools and tasks
export { validateArgs, type ArgsIssue, type ArgsValidationResult } from './tools/validate-args.js';
export type {
  AgentCallRecord,
  AgentTask,
  AgentTaskCallRecord,
  AgentTaskExecutionContext,
  AgentTaskKind,
  AgentTool,
  AgentToolCallRecord,
  AgentToolExecutionContext,
  CallStatus,
  FailureMode,
  ToolArgs,
  ToolValidationResult,
} from './tools/types.js';
export { createShellTask, type ShellTaskOptions, type ShellTaskResult } from './tasks/shell-task.js';
export { createWorkflowTask, type WorkflowTaskOptions, type WorkflowStep, type WorkflowTaskResult } from './tasks/workflow-task.js';
export { createRemoteTask, type RemoteTaskOptions, type RemoteTaskResult } from './tasks/remote-task.js';
export { createSubagentTask, type SubagentTaskOptions, type SubagentTaskResult } from './tasks/subagent-task.js';
export type { TaskBaseOptions } from './tasks/task-options.js';

// Prompts and skills
export type { PromptComposerConfig, PromptContext, PromptLayer, PromptLayerPosition } from './prompt/types.js';
export type { AgentSkill } from './skills/types.js';
export { defineSkill } from './skills/define-skill.js';
export { createActivateSkillTool, type SkillActivation } from './skills/activate-skill-tool.js';
export { formatSkillDescriptions } from './skills/format-skill-descriptions.js';

// Memory
export type {
  MemoryBackend,
  MemoryEmbedder,
  MemoryEntry,
  MemoryQueryOptions,
  MemoryScope,
  NewMemoryEntry,
  SmartAgentMemoryConfig,
} from './memory/types.js';
export { BuiltinMemoryBackend } from './memory/builtin-backend.js';
export { SqliteMemoryBackend, type SqliteMemoryBackendOptions } from './memory/sqlite-backend.js';
export { createMemoryAccessor, type MemoryAccessor, type RememberOptions } from './memory/accessor.js';
export { memoryFreshnessText } from './memory/freshness.js';

// Evolution
export type {
  Distiller,
  EvolutionConfig,
  EvolutionStats,
  EvolutionStore,
  Experience,
  ExperienceQuery,
  NewStrategy,
  PruningConfig,
  SkillPromotionConfig,
  Strategy,
  TrajectoryStep,
} from './evolution/types.js';
export { InMemoryEvolutionStore } from './evolution/in-memory-store.js';
export { SqliteEvolutionStore, type SqliteEvolutionStoreOptions } from './evolution/sqlite-store.js';
export { buildExperience, shouldCapture, type BuildExperienceInput } from './evolution/experience.js';
export { runPostRunEvolution, type PostRunEvolutionInput, type PostRunEvolutionReport } from './evolution/post-run.js';
export { buildStrategyLayer } from './evolution/strategy-layer.js';
export { LlmDistiller, type LlmDistillerOptions } from './evolution/llm-distiller.js';

// LLM types and utilities
export type {
  LLMMessage,
  LLMOptions,
  LLMProvider,
  LLMResponse,
  LLMRole,
  LLMStreamChunk,
  LLMTimeoutConfig,
  LLMToolCall,
  LLMToolDefinition,
  LLMUsage,
} from './llm/types.js';
export { defaultLLMTimeouts } from './llm/types.js';
export { estimateTokens, normalizeMessages } from './llm/messages.js';
export {
  generate,
  generateStream,
  think,
  thinkStream,
  type GenerateOptions,
  type ThinkOptions,
  type ThinkStreamEvent,
  type StandardSchemaLike,
  type StandardSchemaIssue,
  type StandardSchemaResult,
  type ThinkSchema,
  type SchemaOutput,
} from './llm/one-shot.js';

// Errors
export { KitAIError, isKitAIError, type KitAIErrorCode, type KitAIErrorOptions } from './errors/kit-ai-error.js';
export { CallHeldError, type CallHeldErrorOptions } from './errors/call-held-error.js';
