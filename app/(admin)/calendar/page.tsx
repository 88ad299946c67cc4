import type { Metadata } from "next";
import { cookies } from "next/headers";
import { Suspense } from "react";
import { CalendarView } from "@/components/calendar/calendar-view";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClass } from "@/components/ui/button";
import { requireAdminSession } from "@/lib/auth/session";
import { HOUR_CYCLE_COOKIE, parseHourCycle } from "@/lib/query/hour-cycle-cookie";
import Link from "next/link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Calendar" };

// The content calendar (components/calendar): its state is in the URL; the 12/24-hour choice in a cookie.
export default async function CalendarPage() {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  await requireAdminSession();
  const cycle = parseHourCycle((await cookies()).get(HOUR_CYCLE_COOKIE)?.value);
  return (
    <>
      <PageHeader
        title="Calendar"
        description="Scheduled and queued posts across brands and queues. Drag a post to another time, click an empty hour to compose there, or fill an open queue slot."
        actions={
          <Link href="/posts/new" className={buttonClass()}>
            New post
          </Link>
        }
      />
      <Suspense>
        <CalendarView initialCycle={cycle} />
      </Suspense>
    </>
  );
}
