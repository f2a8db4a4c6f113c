import { randomBytes } from 'node:crypto';
import type { Approval, ApprovalStatus } from './types.js';

const idPattern = /^[A-Za-z0-9_-]{22}$/;

/** A fresh approval id: 128 random bits in base64url, 22 characters. */
export function newApprovalId(): string {
  return randomBytes(16).toString('base64url');
}

/** Whether `value` has the form of an approval id; anything else cannot name an approval. */
export function isApprovalId(value: unknown): value is string {
  return typeof value === 'string' && idPattern.test(value);
}

/**
 * The status of an approval at `now`: a pending or approved one past its `expiresAt` is `expired`.
 * Stores never write `expired`, so that expiry needs no timer and every replica agrees on it.
 */
export function statusAt(approval: Approval, now: number): ApprovalStatus {
  if ((approval.status === 'pending' || approval.status === 'approved') && Date.parse(approval.expiresAt) <= now) return 'expired';
  return approval.status;
}

/** The approval with its status as of `now`. */
export function asOf(approval: Approval, now: number): Approval {
  const status = statusAt(approval, now);
  return status === approval.status ? approval : { ...approval, status };
}

/**
 * What the caller that asked for an approval may see of it: never the input, nor who decided. This
 * is the body of `GET /approvals/:id`.
 */
export interface ApprovalView {
  readonly id: string;
  readonly status: ApprovalStatus;
  readonly action: string;
  readonly policy?: string;
  readonly reason?: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly decidedAt?: string;
  readonly note?: string;
}

/** The public view of an approval (see `ApprovalView`). */
export function viewOf(approval: Approval): ApprovalView {
  return {
    id: approval.id,
    status: approval.status,
    action: approval.action,
    ...(approval.policy === undefined ? {} : { policy: approval.policy }),
    ...(approval.reason === undefined ? {} : { reason: approval.reason }),
    createdAt: approval.createdAt,
    expiresAt: approval.expiresAt,
    ...(approval.decidedAt === undefined ? {} : { decidedAt: approval.decidedAt }),
    ...(approval.note === undefined ? {} : { note: approval.note }),
  };
}
