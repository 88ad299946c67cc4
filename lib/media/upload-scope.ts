import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { log } from "@/lib/log";
import type { MediaStorage } from "./storage-types";

// Files a request uploads (multipart parts) are stored before its database transaction; when the request
// then fails (a rule, a database error, a crash), nothing refers to them any more. `withUploadCleanup`
// runs a request's work and removes every file `storeUpload` put into storage during it, unless the work
// succeeded or declared them referenced (`keepUploads()`, called once the rows pointing at them committed:
// a failure after the commit must not take files from a saved post).

type Upload = { key: string; storage: MediaStorage };
type Scope = { uploads: Upload[] };

const scopes = new AsyncLocalStorage<Scope>();

export const recordUpload = (upload: Upload) => scopes.getStore()?.uploads.push(upload);

export const keepUploads = () => {
  const scope = scopes.getStore();
  if (scope) scope.uploads = [];
};

const removeAll = async (uploads: Upload[]) => {
  for (const { key, storage } of uploads) {
    await storage
      .delete(key)
      .catch((err: unknown) =>
        log.error("could not remove the upload of a failed request", { key, error: String(err) }),
      );
  }
};

export const withUploadCleanup = async <T extends { status: number }>(run: () => Promise<T>): Promise<T> => {
  const scope: Scope = { uploads: [] };
  let result: T;
  try {
    result = await scopes.run(scope, run);
  } catch (err) {
    await removeAll(scope.uploads);
    throw err;
  }
  if (result.status >= 400) await removeAll(scope.uploads);
  return result;
};
