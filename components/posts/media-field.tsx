"use client";

import { useRef } from "react";
import { useFieldArray, type Control, type UseFormRegister } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ZMediaRef } from "@/lib/schemas/posts";
import type { TComposerValues } from "./composer-values";

type Props = {
  control: Control<TComposerValues>;
  register: UseFormRegister<TComposerValues>;
  urls: { url: string }[];
  files: File[];
  onFilesChange: (files: File[]) => void;
};

const urlProblem = (url: string) =>
  url.trim() === "" || ZMediaRef.safeParse(url.trim()).success ? undefined : "Must be an http(s) URL";

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// Media by URL (downloaded by the server) and uploaded files (sent as multipart media[] parts).
export const MediaField = ({ control, register, urls, files, onFilesChange }: Props) => {
  const { fields, append, remove } = useFieldArray({ control, name: "media_urls" });
  const fileInput = useRef<HTMLInputElement>(null);

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">Media</legend>
      {fields.length > 0 && (
        <ul className="space-y-2" data-testid="composer-media-urls">
          {fields.map((field, i) => {
            const problem = urlProblem(urls[i]?.url ?? "");
            return (
              <li key={field.id}>
                <div className="flex gap-2">
                  <Label htmlFor={`media-url-${i}`} className="sr-only">
                    Media URL {i + 1}
                  </Label>
                  <Input
                    id={`media-url-${i}`}
                    type="url"
                    placeholder="https://example.com/photo.jpg"
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={`media-url-${i}-error`}
                    data-testid={`composer-media-url-${i}`}
                    {...register(`media_urls.${i}.url` as const)}
                  />
                  <Button variant="ghost" onClick={() => remove(i)} aria-label={`Remove media URL ${i + 1}`}>
                    Remove
                  </Button>
                </div>
                <FieldError id={`media-url-${i}-error`} message={problem} />
              </li>
            );
          })}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="space-y-1" data-testid="composer-media-files">
          {files.map((file, i) => (
            <li
              key={`${file.name}-${i}`}
              className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-1.5 text-sm ring-1 ring-slate-200"
            >
              <span className="truncate text-slate-800">
                {file.name}{" "}
                <span className="text-xs text-slate-500">
                  ({file.type || "unknown type"}, {size(file.size)})
                </span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onFilesChange(files.filter((_, j) => j !== i))}
                aria-label={`Remove ${file.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => append({ url: "" })} data-testid="composer-add-media-url">
          Add media URL
        </Button>
        <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
          Upload files
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept="image/*,video/*,application/pdf"
          className="sr-only"
          tabIndex={-1}
          aria-label="Upload media files"
          data-testid="composer-media-files-input"
          onChange={(e) => {
            onFilesChange([...files, ...Array.from(e.target.files ?? [])]);
            e.target.value = "";
          }}
        />
      </div>
    </fieldset>
  );
};

export const hasUrlProblems = (urls: { url: string }[]) => urls.some((u) => urlProblem(u.url) !== undefined);
