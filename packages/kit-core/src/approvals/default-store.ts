import { MemoryApprovalStore } from './memory-approval-store.js';
import type { ApprovalStore } from './types.js';

let shared: ApprovalStore | undefined;

/**
 * The process-wide memory store: where approvals live when neither `createKitApp` nor a function
 * is given a store, so an app and the code that resolves its approvals meet without configuration.
 */
export function defaultApprovalStore(): ApprovalStore {
  shared ??= new MemoryApprovalStore();
  return shared;
}
