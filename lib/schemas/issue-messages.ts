import type { z } from "zod";

// zod issues as the API words them (lib/api/parse.ts) and the admin composer shows them
// (components/posts/rules.ts): isomorphic, so both use this one function.

export const fieldName = (issue: z.core.$ZodIssue): string => issue.path.map(String).join(".");

// Whether the issue is about a value the client did not send at all (zod does not keep the input).
export const isMissing = (issue: z.core.$ZodIssue, raw: unknown): boolean => {
  if (issue.code !== "invalid_type") return false;
  let value: unknown = raw;
  for (const key of issue.path) {
    if (value === null || typeof value !== "object") return false;
    value = (value as Record<PropertyKey, unknown>)[key as PropertyKey];
  }
  return value === undefined;
};

// Human-readable, field-naming messages: "name is required", "name: Invalid input: expected string, …".
export const issueMessages = (error: z.ZodError, raw: unknown): string[] =>
  error.issues.map((issue) => {
    const field = fieldName(issue);
    if (isMissing(issue, raw)) return `${field || "body"} is required`;
    return field ? `${field}: ${issue.message}` : issue.message;
  });
