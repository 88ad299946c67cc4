"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { isEditable } from "@/components/posts/available-actions";
import { RescheduleDialog } from "@/components/posts/post-actions";
import { browserTimeZone } from "@/components/queues/calendar";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { calendarKeys, useCalendarPosts, useQueuesWaitingPosts } from "@/lib/query/calendar";
import { errorMessage } from "@/lib/query/fetcher";
import { writeHourCycle } from "@/lib/query/hour-cycle-cookie";
import { postQueueKeys, usePostQueues } from "@/lib/query/post-queues";
import { useUpdatePost } from "@/lib/query/posts";
import { profileGroupKeys, useProfileGroups } from "@/lib/query/profile-groups";
import { useEnvironment } from "@/lib/query/environment";
import type { TPost } from "@/lib/schemas/posts";
import { Agenda } from "./agenda";
import {
  brandZone,
  calendarSearch,
  dropTime,
  gridZone,
  moveBody,
  placeByTime,
  readCalendarParams,
} from "./calendar-params";
import { CalendarToolbar } from "./calendar-toolbar";
import { calendarRange, dayIn, formatTime, openSlots, rangeLabel, shiftDay, type THourCycle } from "./dates";
import { MonthGrid } from "./month-grid";
import { PostCard } from "./post-card";
import { TimeGrid, type TSlotMark } from "./time-grid";

// The content calendar across brands and queues (app/(admin)/calendar). Its state is in the URL
// (calendar-params.ts); posts come from GET /api/posts for the visible range, open slots from the shown
// queues' timeslots less their waiting posts. Moving a post is PATCH /api/posts/:id with its new
// scheduled_at; a queued post leaves its queue for that fixed time (queue_id: null), as Reschedule on the
// post's page does. On a phone the range is a list of days.

const subscribeNever = () => () => {};
const useBrowserZone = () => useSyncExternalStore(subscribeNever, browserTimeZone, () => null);
const WIDE = "(min-width: 768px)";
const subscribeWidth = (onChange: () => void) => {
  const media = window.matchMedia(WIDE);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
};
const useWide = () =>
  useSyncExternalStore(
    subscribeWidth,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );

const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

export const CalendarView = ({ initialCycle }: { initialCycle: THourCycle }) => {
  const browser = useBrowserZone();
  return browser ? (
    <Calendar browser={browser} initialCycle={initialCycle} />
  ) : (
    <LoadingRows label="Loading calendar" />
  );
};

const Calendar = ({ browser, initialCycle }: { browser: string; initialCycle: THourCycle }) => {
  const searchParams = useSearchParams();
  const params = readCalendarParams(searchParams);
  const wide = useWide();
  const now = useNow();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [cycle, setCycleState] = useState(initialCycle);
  const [rescheduling, setRescheduling] = useState<TPost | null>(null);
  const brands = useProfileGroups();
  const queues = usePostQueues();
  const allQueues = useMemo(() => queues.data ?? [], [queues.data]);
  const update = useUpdatePost();
  const { environment } = useEnvironment();
  // Groups and queues may have been added meanwhile (another tab, the API): load them again, as the
  // composer does.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: profileGroupKeys.list(environment) });
    void queryClient.invalidateQueries({ queryKey: postQueueKeys.lists() });
  }, [environment, queryClient]);

  const zone = gridZone(params, allQueues, browser);
  const day = params.date ?? dayIn(now, zone);
  const range = calendarRange(params.view, day, zone);
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const posts = useCalendarPosts(
    {
      from,
      to,
      brand: params.brand ?? undefined,
      network: params.network ?? undefined,
      status: params.status ?? undefined,
    },
    !queues.isPending,
  );
  const shownQueues = allQueues.filter(
    (q) =>
      q.enabled && (!params.brand || q.profile_group_id === params.brand) && (!params.queue || q.id === params.queue),
  );
  const waiting = useQueuesWaitingPosts(
    shownQueues.map((q) => q.id),
    { from, to },
  );

  const set = (changes: Parameters<typeof calendarSearch>[1]) =>
    window.history.pushState(null, "", `/calendar${calendarSearch(searchParams, changes)}`);
  const setCycle = (next: THourCycle) => {
    writeHourCycle(next);
    setCycleState(next);
  };
  const brandName = (id: string) => brands.data?.find((b) => b.id === id)?.name ?? "";

  const shownPosts = (posts.data ?? []).filter((p) => !params.queue || p.queue_id === params.queue);
  const placed = placeByTime(shownPosts, (p) => p.scheduled_at, zone);
  const slots: TSlotMark[] = shownQueues.flatMap((queue) =>
    openSlots({
      queue,
      from: range.from,
      to: range.to,
      now: new Date(now),
      taken: (waiting.byQueue.get(queue.id) ?? []).map((p) => p.scheduled_at),
    }).map((at) => ({ queueId: queue.id, queueName: queue.name, groupId: queue.profile_group_id, at })),
  );
  const placedSlots = placeByTime(slots, (s) => s.at.toISOString(), zone);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    void queryClient.invalidateQueries({ queryKey: postQueueKeys.all });
  };
  const move = (post: TPost, at: string, done?: () => void) =>
    update.mutate(
      { id: post.id, body: moveBody(post, at) },
      {
        onSuccess: () => {
          toast.success(
            `${post.queue_id ? "Taken out of its queue and moved" : "Moved"} to ${formatTime(new Date(at), zone, cycle)}`,
          );
          done?.();
          refresh();
        },
        onError: (err) => {
          if (!done) toast.error(errorMessage(err));
          refresh();
        },
      },
    );
  const onDrop = (id: string, toDay: string, hour: number) => {
    const post = shownPosts.find((p) => p.id === id);
    if (!post?.scheduled_at) return;
    const at = dropTime(post.scheduled_at, toDay, hour, zone);
    if (at !== new Date(post.scheduled_at).toISOString()) move(post, at);
  };

  const composeHref = (at: Date) => {
    const query = new URLSearchParams({ scheduled_at: at.toISOString() });
    if (params.brand) query.set("group", params.brand);
    return `/posts/new?${query}`;
  };
  const renderPost = (compact: boolean) => (post: TPost) => (
    <PostCard
      key={post.id}
      post={post}
      brand={brandName(post.profile_group_id)}
      zone={zone}
      cycle={cycle}
      compact={compact}
      movable={isEditable(post, now)}
      onReschedule={(p) => {
        update.reset();
        setRescheduling(p);
      }}
    />
  );
  const renderSlot = (slot: TSlotMark) => (
    <Link
      key={`${slot.queueId} ${slot.at.toISOString()}`}
      href={`/posts/new?group=${encodeURIComponent(slot.groupId)}&queue=${encodeURIComponent(slot.queueId)}`}
      data-testid="calendar-open-slot"
      title={`Open slot of ${slot.queueName}: add a post to this queue`}
      className="relative z-10 block rounded-md border border-dashed border-emerald-400 bg-emerald-50/60 px-1.5 py-0.5 text-[11px] text-emerald-800 hover:bg-emerald-100"
    >
      {formatTime(slot.at, zone, cycle)} · open slot · {slot.queueName}
    </Link>
  );
  const openDay = (d: string) => set({ view: "day", date: d });

  return (
    <>
      <CalendarToolbar
        params={params}
        heading={rangeLabel(params.view, range)}
        zone={zone}
        zoneChoice={params.zone ?? params.brand ?? "browser"}
        browserZone={browser}
        zoneAt={range.from}
        brands={brands.data ?? []}
        queues={allQueues}
        brandZoneOf={(id) => brandZone(id, allQueues)}
        cycle={cycle}
        setCycle={setCycle}
        set={set}
        step={(by) => set({ date: shiftDay(params.view, day, by) })}
      />
      {posts.isError ? (
        <InlineStatus>{errorMessage(posts.error)}</InlineStatus>
      ) : posts.isPending ? (
        <LoadingRows label="Loading posts" />
      ) : !wide ? (
        <Agenda
          days={range.days}
          zone={zone}
          now={now}
          posts={placed.byDay}
          slots={placedSlots.byDay}
          renderPost={renderPost(false)}
          renderSlot={renderSlot}
          composeHref={composeHref}
        />
      ) : params.view === "month" ? (
        <MonthGrid
          range={range}
          zone={zone}
          now={now}
          posts={placed.byDay}
          slots={placedSlots.byDay}
          renderPost={renderPost(true)}
          openDay={openDay}
        />
      ) : (
        <TimeGrid
          days={range.days}
          zone={zone}
          cycle={cycle}
          now={now}
          posts={placed.byHour}
          slots={placedSlots.byHour}
          renderPost={renderPost(false)}
          renderSlot={renderSlot}
          composeHref={composeHref}
          onDrop={onDrop}
        />
      )}
      {rescheduling && (
        <RescheduleDialog
          key={rescheduling.id}
          open
          post={rescheduling}
          onClose={() => setRescheduling(null)}
          onSave={(iso) => move(rescheduling, iso, () => setRescheduling(null))}
          isPending={update.isPending}
          error={update.error ? errorMessage(update.error) : null}
        />
      )}
    </>
  );
};
