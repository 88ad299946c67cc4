import { NetworkError } from "../errors";
import { readJson } from "../http";
import type { ConnectorContext, ProfileAuth } from "../types";
import { mapTelegramError } from "./errors";

// Bot API calls: `POST {api_url}/bot<token>/<method>` with JSON parameters, or multipart/form-data when a
// file is uploaded (object parameters then travel as JSON text, files as named parts). The token is in
// the URL, so no URL ever goes into an error message.

export type TelegramCtx = ConnectorContext<{ api_url: string }>;
type Envelope<T> = { ok?: boolean; result?: T; error_code?: number; description?: string };

export const botToken = (auth: ProfileAuth): string => {
  const token = auth.credentials?.bot_token;
  if (!token) throw new NetworkError("auth_expired", "No bot token is stored for this profile");
  return token;
};

const methodUrl = (ctx: TelegramCtx, token: string, method: string) =>
  `${ctx.settings.api_url.replace(/\/+$/, "")}/bot${token}/${method}`;

const unwrap = async <T>(res: Response): Promise<T> => {
  const body = await readJson<Envelope<T> | null>({ mapError: mapTelegramError }, res);
  if (body?.ok !== true)
    throw mapTelegramError({
      status: typeof body?.error_code === "number" ? body.error_code : 502,
      body,
      headers: res.headers,
    });
  return body.result as T;
};

export const callBotApi = async <T>(
  ctx: TelegramCtx,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<T> => {
  const res = await ctx.fetch(methodUrl(ctx, token, method), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(params),
  });
  return unwrap<T>(res);
};

export type Upload = { field: string; filename: string; contentType: string; bytes: Uint8Array };

// The same call as multipart/form-data, with `uploads` as file parts.
export const callBotApiMultipart = async <T>(
  ctx: TelegramCtx,
  token: string,
  method: string,
  params: Record<string, unknown>,
  uploads: Upload[],
): Promise<T> => {
  const form = new FormData();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  for (const file of uploads)
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.filename);
  const res = await ctx.fetch(methodUrl(ctx, token, method), {
    method: "POST",
    headers: { accept: "application/json" },
    body: form,
  });
  return unwrap<T>(res);
};
