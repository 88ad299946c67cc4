// Test support: records a spec event for an account through the domain's own emitEvent, against the
// e2e database. The running app's job runner picks up the fan-out from the database.
//   tsx --conditions=react-server e2e/support/emit-event.ts <accountId> <environment> <type> <json data> [profileGroupId]
import { db } from "@/lib/db/client";
import { emitEvent } from "@/lib/services/events/emit-event";
import type { TEventPayload } from "@/lib/schemas/events";
import type { TEventType } from "@/lib/schemas/webhooks";

const [accountId, environment, type, json, profileGroupId] = process.argv.slice(2);
const recorded = await emitEvent({
  accountId: accountId!,
  environment: environment === "sandbox" ? "sandbox" : "live",
  type: type as TEventType,
  data: JSON.parse(json ?? "{}") as TEventPayload<TEventType>, // checked by emitEvent at run time
  profileGroupId: profileGroupId ?? null,
});
process.stdout.write(`${recorded.id}\n`);
await db.$disconnect();
