"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { PageHeader, SectionHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { InlineStatus } from "@/components/ui/inline-status";
import { networkMeta } from "@/lib/networks/meta";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TPlatform } from "@/lib/schemas/common";
import type { TPost } from "@/lib/schemas/posts";
import { useEnvironment } from "@/lib/query/environment";
import { ApiClientError, errorMessage } from "@/lib/query/fetcher";
import { profileGroupKeys } from "@/lib/query/profile-groups";
import { profileKeys } from "@/lib/query/profiles";
import { BodyField } from "./body-field";
import {
  createRequest,
  EMPTY_VALUES,
  prefilledValues,
  scheduleProblem,
  type TComposerPrefill,
  type TComposerValues,
  type TParamValue,
  updateRequest,
  valuesFromPost,
} from "./composer-values";
import { hasUrlProblems, MediaField } from "./media-field";
import { mentionProfileOf, useMentionPaste } from "./mention-paste";
import { NetworkOptions } from "./network-options";
import { ProfilePicker } from "./profile-picker";
import { useCreatePost, useUpdatePost } from "@/lib/query/posts";
import { networkNames } from "./network-names";
import { ScheduleField } from "./schedule-field";
import { useComposerData } from "./use-composer-data";

const SUBMIT_LABELS = { now: "Publish now", at: "Schedule post", queue: "Add to queue", draft: "Save draft" } as const;
const SAVE_LABELS = { now: "Save and publish now", at: "Save", queue: "Save", draft: "Save draft" } as const;

type Props = {
  mentionPlatforms?: TPlatform[];
  post?: TPost; // edit this post (PATCH /api/posts/:id)
  from?: TPost; // a new post starting as a copy of this one (duplicate)
  prefill?: TComposerPrefill; // a new post at a time, in a group or queue (the calendar)
};

// New post: profiles of one group, text with per-network counters, media, per-network options checked
// live with the networks' own rules, and when to publish. Submits to POST /api/posts, or with `post` to
// PATCH /api/posts/:id (asking first when the edit publishes at once). `mentionPlatforms`: the networks
// whose profiles turn a pasted page URL into a mention (from the connectors, on the server).
export const PostComposer = ({ mentionPlatforms = [], post, from, prefill }: Props) => {
  const router = useRouter();
  const { environment } = useEnvironment();
  const initial = useMemo(
    () => ((post ?? from) ? valuesFromPost((post ?? from)!) : prefill ? prefilledValues(prefill) : EMPTY_VALUES),
    [post, from, prefill],
  );
  const form = useForm<TComposerValues>({ defaultValues: initial });
  const values = form.watch();
  const [files, setFiles] = useState<File[]>([]);
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const create = useCreatePost();
  const update = useUpdatePost();
  const saving = post ? update : create;
  const queryClient = useQueryClient();
  const { profiles, chosen, checks, bodyIssues, networksWithIssues } = useComposerData(values, files);
  const mentions = useMentionPaste({
    profile: mentionProfileOf(chosen, profiles.data ?? [], mentionPlatforms),
    environment,
    setBody: (body) => form.setValue("body", body, { shouldDirty: true }),
  });

  // Groups and profiles belong to one environment: switching starts over. Cached lists may predate
  // groups or profiles connected meanwhile (another tab, the API): load them again.
  useEffect(() => {
    form.reset(initial);
    setFiles([]);
    setHasTriedSubmit(false);
    void queryClient.invalidateQueries({ queryKey: profileGroupKeys.list(environment) });
    void queryClient.invalidateQueries({ queryKey: profileKeys.lists() });
  }, [environment, form, queryClient, initial]);

  // A placement is required (posting without one is not a choice) and there is only one: choose it.
  useEffect(() => {
    for (const { profile, placements } of checks) {
      const placement = networkMeta(profile.platform).placement;
      const key = placement && !placement.optional ? placement.param : undefined;
      const only = placements.data?.length === 1 ? placements.data[0]!.id : null;
      if (key && only && !values.platforms[profile.platform]?.[key])
        form.setValue(`platforms.${profile.platform}.${key}`, only);
    }
  }, [checks, values.platforms, form]);

  const setParam = (platform: keyof TComposerValues["platforms"], key: string, value: TParamValue) =>
    form.setValue(`platforms.${platform}.${key}`, value, { shouldDirty: true });

  const onGroupChange = (groupId: string) => {
    form.setValue("profile_group_id", groupId);
    form.setValue("profiles", []);
    form.setValue("platforms", {});
    form.setValue("queue_id", "");
  };

  const toggleProfile = (id: string) =>
    form.setValue(
      "profiles",
      values.profiles.includes(id) ? values.profiles.filter((p) => p !== id) : [...values.profiles, id],
      { shouldDirty: true },
    );

  const schedule = scheduleProblem(values);
  const problems = [
    ...(chosen.length === 0 ? ["Choose at least one profile"] : []),
    ...(networksWithIssues.length > 0
      ? [`Fix the problems shown for ${networksWithIssues.map((p) => DISPLAY_NAMES[p]).join(", ")}`]
      : []),
    ...(hasUrlProblems(values.media_urls) ? ["Fix the media URLs"] : []),
    ...(schedule ? [schedule] : []),
    ...bodyIssues,
  ];

  const save = async (vals: TComposerValues) => {
    const chosenRefs = chosen.map((p) => ({ id: p.id, platform: p.platform }));
    try {
      const saved = post
        ? await update.mutateAsync({
            id: post.id,
            body: updateRequest(vals, chosenRefs, files, form.getFieldState("media_urls").isDirty),
          })
        : await create.mutateAsync(createRequest(vals, chosenRefs, files));
      setIsConfirmOpen(false);
      router.push(`/posts/${encodeURIComponent(saved.id)}`);
      router.refresh();
    } catch (err) {
      // Shown below from create.error. A 422 may name profiles removed or disconnected meanwhile: reload them.
      if (err instanceof ApiClientError && err.status === 422)
        void queryClient.invalidateQueries({ queryKey: profileKeys.list(environment, vals.profile_group_id) });
    }
  };

  const submit = form.handleSubmit(async (vals) => {
    setHasTriedSubmit(true);
    if (problems.length > 0) return;
    // An edit that publishes at once reaches live networks: ask first.
    if (post && vals.schedule === "now") setIsConfirmOpen(true);
    else await save(vals);
  });

  const serverErrors =
    saving.error instanceof ApiClientError && saving.error.status === 422 ? saving.error.messages : null;
  const backHref = post ? `/posts/${encodeURIComponent(post.id)}` : "/posts";

  return (
    <>
      <Link href={backHref} className="mb-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
        {post ? "← Post" : "← Posts"}
      </Link>
      <PageHeader
        title={post ? "Edit post" : "New post"}
        description={
          <>
            {from && (
              <span data-testid="composer-from">
                A copy of <span className="font-mono text-xs">{from.id}</span>.{" "}
              </span>
            )}
            In the <span className="font-medium text-slate-700">{environment}</span> environment.
            {environment === "sandbox" && " Sandbox profiles publish to the simulated network."}
          </>
        }
      />
      <form onSubmit={submit} noValidate className="space-y-8" data-testid="post-composer">
        <section>
          <SectionHeader title="Where" />
          <ProfilePicker
            groupId={values.profile_group_id}
            onGroupChange={onGroupChange}
            profiles={{ data: profiles.data, isPending: profiles.isPending, error: profiles.error }}
            chosen={values.profiles}
            onToggle={toggleProfile}
          />
        </section>

        <section className="space-y-5">
          <SectionHeader title="What" />
          <BodyField
            registration={form.register("body")}
            body={values.body}
            mentions={mentions}
            checks={checks.flatMap((c) => (c.check ? [{ platform: c.profile.platform, check: c.check }] : []))}
          />
          <MediaField
            control={form.control}
            register={form.register}
            urls={values.media_urls}
            files={files}
            onFilesChange={setFiles}
          />
        </section>

        {checks.length > 0 && (
          <section>
            <SectionHeader title="Network options" description="Checked as you type with each network's rules." />
            <div className="space-y-3">
              {checks.map(({ profile, placements, check }) => (
                <NetworkOptions
                  key={profile.id}
                  platform={profile.platform}
                  profileName={profile.name}
                  values={values.platforms[profile.platform]}
                  onChange={(key, value) => setParam(profile.platform, key, value)}
                  placements={placements}
                  check={check}
                />
              ))}
            </div>
          </section>
        )}

        <section>
          <ScheduleField
            register={form.register}
            mode={values.schedule}
            groupId={values.profile_group_id}
            problem={schedule}
            showProblem={hasTriedSubmit}
          />
        </section>

        <div className="space-y-3 border-t border-slate-200 pt-6">
          {hasTriedSubmit && problems.length > 0 && (
            <InlineStatus>
              <ul className="list-disc pl-4" data-testid="composer-problems">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </InlineStatus>
          )}
          {saving.error && (
            <InlineStatus>
              {serverErrors ? (
                <>
                  <p className="font-medium">The post was not {post ? "saved" : "created"}:</p>
                  <ul className="mt-1 list-disc pl-4" data-testid="composer-errors">
                    {serverErrors.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <span data-testid="composer-errors">
                  Could not {post ? "save" : "create"} the post: {errorMessage(saving.error)}
                </span>
              )}
            </InlineStatus>
          )}
          <div className="flex justify-end gap-2">
            <Link
              href={backHref}
              className="inline-flex h-9 items-center rounded-md px-3.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
            >
              Cancel
            </Link>
            <Button type="submit" isLoading={saving.isPending} data-testid="composer-submit">
              {(post ? SAVE_LABELS : SUBMIT_LABELS)[values.schedule]}
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title="Publish now?"
        testId="composer-confirm-publish"
        description={
          <p>
            The post goes out at once to{" "}
            <span className="font-semibold text-slate-900">
              {networkNames(
                chosen.map((p) => ({ platform: p.platform, profile_id: p.id })),
                Object.fromEntries(chosen.map((p) => [p.id, p.name])),
              )}
            </span>
            .
          </p>
        }
        confirmLabel="Publish now"
        onConfirm={() => void save(form.getValues())}
        isPending={update.isPending}
        error={isConfirmOpen && update.error ? errorMessage(update.error) : null}
      />
    </>
  );
};
