// Generated from Rust types by the test in plugins/support/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-support --lib generated_typescript_is_current

/**
 * `GET /summary`: the widget's figures, from aggregates.
 */
export type Summary = {
/**
 * Every status, 0 when none is there.
 */
by_status: Record<string, number>, total: number,
/**
 * Open, in progress or waiting.
 */
active: number,
/**
 * Active tickets that missed a target.
 */
breaches: number,
/**
 * Approval links not answered and not expired.
 */
pending_approvals: number,
/**
 * Active tickets assigned to the caller.
 */
assigned_to_me: number, };

/**
 * `GET /sla` (and `PUT /sla`): one policy per priority.
 */
export type SlaReply = { policies: Array<Policy>,
/**
 * Whether the caller may change them (a company administrator).
 */
editable: boolean, };

/**
 * A company's policy for one priority, as stored and answered.
 */
export type Policy = { priority: string, response_minutes: number, resolution_minutes: number, };

/**
 * The body of `PUT /sla`: every policy (the minutes are checked whatever JSON they are).
 */
export type PolicyChange = { policies: Array<Policy>, };

/**
 * The body of `POST /tickets/{id}/approvals`: the people asked to approve.
 */
export type ApprovalRequest = { person_ids: Array<string>, };

/**
 * The accepted file types: the extension, the MIME type sent for it and what the content must
 * look like (`@common/lib/files` checks a file against them).
 */
export const FILE_TYPES = [
  { extension: "pdf", mime: "application/pdf", content: { signature: [[37, 80, 68, 70, 45]] } },
  { extension: "png", mime: "image/png", content: { signature: [[137, 80, 78, 71, 13, 10, 26, 10]] } },
  { extension: "jpg", mime: "image/jpeg", content: { signature: [[255, 216, 255]] } },
  { extension: "jpeg", mime: "image/jpeg", content: { signature: [[255, 216, 255]] } },
  { extension: "gif", mime: "image/gif", content: { signature: [[71, 73, 70, 56, 55, 97], [71, 73, 70, 56, 57, 97]] } },
  { extension: "webp", mime: "image/webp", content: { riff: [87, 69, 66, 80] } },
  { extension: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", content: { signature: [[80, 75, 3, 4]] } },
  { extension: "xlsx", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", content: { signature: [[80, 75, 3, 4]] } },
  { extension: "pptx", mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", content: { signature: [[80, 75, 3, 4]] } },
  { extension: "txt", mime: "text/plain", content: "text" },
  { extension: "log", mime: "text/plain", content: "text" },
  { extension: "csv", mime: "text/csv", content: "text" },
  { extension: "json", mime: "application/json", content: "text" },
] as const;

/**
 * The largest file, in bytes.
 */
export const MAX_FILE_BYTES = 5242880;

/**
 * The most attachments of a ticket.
 */
export const MAX_ATTACHMENTS = 20;

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  TITLE_REQUIRED: "Please enter a title",
  TITLE_TOO_LONG: "Title must be at most 200 characters",
  DESCRIPTION_TOO_LONG: "Description must be at most 10000 characters",
  COMMENT_REQUIRED: "Please write a comment",
  COMMENT_TOO_LONG: "A comment may be at most 5000 characters",
  BOT_TOO_LONG: "Bot must be at most 200 characters",
  ASSIGNEE: "Assignee is not a user of this company",
  TOO_BIG: "An attachment may be at most 5 MB",
  TOO_MANY: "A ticket may have at most 20 attachments",
  TYPE_NOT_ACCEPTED: "This file type is not accepted",
  CONTENT_MISMATCH: "The file content does not match its type",
  SLA_MINUTES: "SLA targets must be whole minutes from 1 to 525600",
  SLA_ORDER: "The resolution target cannot be shorter than the response target",
  ASKER_ONLY: "Only the requester or the assignee may ask for approval",
  PEOPLE_REQUIRED: "Please choose who should approve",
} as const;
