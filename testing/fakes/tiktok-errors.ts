import { randomBytes } from "node:crypto";
import type { FakeReply } from "./support";

// The TikTok fake's Login Kit and open API error answers (tiktok.ts), also for failNext() in tests.

export const logId = () => randomBytes(12).toString("hex").toUpperCase();

// The API v2 error envelope, for failNext().
export const tiktokApiError = (
  code: string,
  message: string,
  status: number,
  headers?: Record<string, string>,
): FakeReply => ({
  status,
  body: { data: {}, error: { code, message, log_id: logId() } },
  ...(headers && { headers }),
});
export const tiktokOAuthError = (error: string, description: string, status = 400): FakeReply => ({
  status,
  body: { error, error_description: description, log_id: logId() },
});
