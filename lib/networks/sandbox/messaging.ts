import type { TPlatform } from "@/lib/schemas/common";
import type {
  AnyConnector,
  ConnectorStore,
  InboundItem,
  InboundMessage,
  MessageSent,
  Messaging,
  MessagingRules,
  MessageSendInput,
  ProfileAuth,
} from "../types";
import { sandboxProfile } from "../sandboxes";
import { sandboxChatActions } from "./messaging-actions";
import { networkDelay, newSandboxId, sandboxError, triggersIn, type SandboxCtx } from "./publish";

// Direct messages on the sandbox network. The send rules are the platform's own (the real connector's),
// so a 422 rehearsed here is the one the network would give. A new chat starts with a message from the simulated
// participant (which opens the messaging window, and lets a telegram bot answer); a message we send is
// answered a moment later by the participant, who taps the first choice offered where there is one (`followUp`: applied like a pushed inbound message, so it
// emits message.received). The body tags of posts rehearse each outcome of a send: #sandbox-fail
// (rejected, SANDBOX_REJECTED), #sandbox-retry (rate limited once), #sandbox-timeout (sent, answer lost:
// found on read-back), #sandbox-unconfirmed (answer lost, read-back cannot tell: delivery_unconfirmed),
// #sandbox-auth (expired session). A private reply to a comment is taken once per comment (a second is
// rejected, as Meta does). What the simulated network holds (sent messages by our message id,
// attempts, answers due) is kept per profile in the connector store (connector_states), so it survives
// restarts and is shared by every process.

export const ANSWER_DELAY_MS = 1500;
const KEY = "messaging";
const MAX_ENTRIES = 500;

type Tap = { tappedAction: InboundMessage["tappedAction"]; interactive: InboundMessage["interactive"] };
type Due = {
  participant: string;
  placement: string | null;
  message: { externalId: string; body: string; at: string } & Partial<Tap>;
  // Instead of answering: react to our message (`reactTo`), or leave (the window closes).
  signal?: "react" | "leave";
  reactTo?: string;
};
// `privateReplies`: comment id -> our message id of the private reply it got (once per comment, as Meta).
type DueStatus = {
  participant: string;
  placement: string | null;
  messageExternalId: string;
  status: "delivered" | "read";
  at: string;
};
type State = {
  sent: Record<string, string>;
  statuses: DueStatus[];
  attempts: Record<string, number>;
  unconfirmed: string[];
  due: Due[];
  privateReplies: Record<string, string>;
};

const stateOf = (value: unknown): State => {
  const v = (value ?? {}) as Partial<State>;
  return {
    sent: v.sent ?? {},
    statuses: v.statuses ?? [],
    attempts: v.attempts ?? {},
    unconfirmed: v.unconfirmed ?? [],
    due: v.due ?? [],
    privateReplies: v.privateReplies ?? {},
  };
};

// Oldest entries go first once a record is full (object keys keep insertion order).
const capped = (record: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(record).slice(-MAX_ENTRIES));

const storeOf = (ctx: SandboxCtx): ConnectorStore => {
  if (!ctx.store) throw new Error("Sandbox messaging needs the profile's connector store");
  return ctx.store;
};

const simulated = (externalId: string, body: string, at = new Date(), tap: Partial<Tap> = {}): InboundMessage => ({
  externalId,
  direction: "inbound",
  body,
  attachments: [],
  replyToExternalId: null,
  tappedAction: tap.tappedAction ?? null,
  interactive: tap.interactive ?? null,
  platformData: { sandbox: true },
  source: null,
  sentAt: at,
});

type Answer = { body: string } & Partial<Tap>;
const str = (v: unknown) => (typeof v === "string" ? v : null);

// The participant taps the first choice offered (a quick reply, a postback button, a telegram inline
// button, a whatsapp reply button), as the network reports taps; otherwise they answer in words.
const answerTo = (request: MessageSendInput["request"]): Answer => {
  const quick = request.quick_replies?.[0];
  if (quick)
    return { body: quick.title, tappedAction: { kind: "quick_reply", payload: quick.payload, title: quick.title } };
  const postback = request.buttons?.find((b) => b.type === "postback");
  if (postback)
    return {
      body: postback.title,
      tappedAction: { kind: "postback", payload: postback.payload ?? null, title: postback.title },
    };
  const rows = request.reply_markup?.inline_keyboard;
  const key =
    Array.isArray(rows) && Array.isArray(rows[0]) ? (rows[0][0] as Record<string, unknown> | undefined) : undefined;
  if (key && str(key.callback_data))
    return {
      body: str(key.text) ?? "",
      tappedAction: { kind: "callback_query", payload: str(key.callback_data), title: str(key.text) },
    };
  const action = request.interactive?.action as
    { buttons?: { reply?: { id?: unknown; title?: unknown } }[] } | undefined;
  const reply = action?.buttons?.[0]?.reply;
  if (reply && str(reply.id))
    return {
      body: str(reply.title) ?? "",
      interactive: { type: "button_reply", button_reply: { id: str(reply.id), title: str(reply.title) } },
    };
  const said = request.body?.trim() ? `"${request.body.trim().slice(0, 60)}"` : "your message";
  return { body: `Thanks for ${said}! (simulated answer)` };
};

type Outcome = "sent" | "timeout" | "unconfirmed" | "retry" | "fail" | "auth" | "replied";

// `reportsStatuses`: the network reports delivery by status (whatsapp); the simulated phone then
// reports each sent message delivered and read when the participant answers.
const sendSandbox = async (
  ctx: SandboxCtx,
  input: MessageSendInput,
  reportsStatuses: boolean,
): Promise<MessageSent> => {
  await networkDelay(ctx);
  const ref = input.clientReference;
  const triggers = triggersIn(input.request.body ?? "");
  const { outcome, externalId } = await storeOf(ctx).update(KEY, (current) => {
    const state = stateOf(current);
    const already = state.sent[ref];
    if (already) return { result: { outcome: "sent" as Outcome, externalId: already } };
    const attempt = (state.attempts[ref] ?? 0) + 1;
    state.attempts = capped({ ...state.attempts, [ref]: attempt }) as State["attempts"];
    const stop = (outcome: Outcome) => ({ value: state, result: { outcome, externalId: "" } });
    if (triggers.has("auth")) return stop("auth");
    const comment = input.privateReplyTo;
    if (comment && state.privateReplies[comment] && state.privateReplies[comment] !== ref) return stop("replied");
    if (triggers.has("fail")) return stop("fail");
    if (triggers.has("retry") && attempt === 1) return stop("retry");
    if (triggers.has("unconfirmed")) {
      state.unconfirmed = [...state.unconfirmed, ref].slice(-MAX_ENTRIES);
      return stop("unconfirmed");
    }
    const id = newSandboxId("sbx_msg");
    state.sent = capped({ ...state.sent, [ref]: id }) as State["sent"];
    if (comment) state.privateReplies = capped({ ...state.privateReplies, [comment]: ref }) as State["privateReplies"];
    const at = new Date(Date.now() + ANSWER_DELAY_MS).toISOString();
    if (reportsStatuses) {
      const chat = { participant: input.participantExternalId, placement: input.placement?.externalId ?? null };
      const delivered = new Date(Date.now() + ANSWER_DELAY_MS / 3).toISOString();
      const read = new Date(Date.now() + (2 * ANSWER_DELAY_MS) / 3).toISOString();
      state.statuses = [
        ...state.statuses,
        { ...chat, messageExternalId: id, status: "delivered" as const, at: delivered },
        { ...chat, messageExternalId: id, status: "read" as const, at: read },
      ].slice(-MAX_ENTRIES);
    }
    const signal = participantSignalIn(input.request.body ?? "");
    state.due = [
      ...state.due,
      {
        participant: input.participantExternalId,
        placement: input.placement?.externalId ?? null,
        message: { externalId: newSandboxId("sbx_msg"), ...answerTo(input.request), at },
        ...(signal && { signal, reactTo: id }),
      },
    ].slice(-MAX_ENTRIES);
    return {
      value: state,
      result: { outcome: (triggers.has("timeout") ? "timeout" : "sent") as Outcome, externalId: id },
    };
  });
  switch (outcome) {
    case "auth":
      throw sandboxError("auth_expired", "SANDBOX_AUTH_EXPIRED", "The sandbox session has expired (#sandbox-auth)");
    case "fail":
      throw sandboxError("rejected", "SANDBOX_REJECTED", "The sandbox network rejected this message (#sandbox-fail)");
    case "replied":
      throw sandboxError("rejected", "SANDBOX_ALREADY_REPLIED", "This comment already has a private reply");
    case "retry":
      throw sandboxError(
        "rate_limited",
        "SANDBOX_RATE_LIMITED",
        "The sandbox network is rate limiting (#sandbox-retry); try again in 1 s",
        1000,
      );
    case "unconfirmed":
      throw sandboxError(
        "outcome_unknown",
        "SANDBOX_NO_ANSWER",
        "No answer from the sandbox network (#sandbox-unconfirmed)",
      );
    case "timeout":
      throw sandboxError(
        "outcome_unknown",
        "SANDBOX_TIMEOUT",
        "No answer from the sandbox network (#sandbox-timeout); the message was sent",
      );
    case "sent":
      return { externalId, recipientId: input.participantExternalId };
  }
};

// The read-back: the sent message for our id, null when none; outcome_unknown for #sandbox-unconfirmed.
const findSentSandbox = async (ctx: SandboxCtx, input: MessageSendInput) => {
  await networkDelay(ctx);
  const state = stateOf(await storeOf(ctx).get(KEY));
  if (state.unconfirmed.includes(input.clientReference)) {
    throw sandboxError(
      "outcome_unknown",
      "SANDBOX_NO_ANSWER",
      "The sandbox network cannot tell whether this message was sent (#sandbox-unconfirmed)",
    );
  }
  const externalId = state.sent[input.clientReference];
  return externalId ? { externalId } : null;
};

type ChatRef = { auth: ProfileAuth; placement: string | null; participantExternalId: string };

// #sandbox-react: the participant reacts to our message instead of answering; #sandbox-leave: they
// leave (their messaging window closes: within_messaging_window turns false).
const participantSignalIn = (body: string): Due["signal"] =>
  /#sandbox-react\b/i.test(body) ? "react" : /#sandbox-leave\b/i.test(body) ? "leave" : undefined;

// The simulated participant's reactions and departures in this chat, each handed over once: a reaction
// as the platform reports it (reaction.received where the platform emits it), a departure as the window
// closing.
const collectSignalsSandbox = (ctx: SandboxCtx, chat: ChatRef, platform: TPlatform) =>
  storeOf(ctx).update(KEY, (current) => {
    const state = stateOf(current);
    const mine = (d: Due) =>
      d.signal !== undefined && d.participant === chat.participantExternalId && d.placement === chat.placement;
    const taken = state.due.filter(mine);
    if (taken.length === 0) return { result: [] as InboundItem[] };
    const account = chat.auth.externalId ?? "";
    // Where reactions are named and reaction.received is emitted (the "Webhook events" of the API
    // reference, lib/schemas/events.ts): the network's sandbox-profile.ts.
    const named = Boolean(sandboxProfile(platform).messaging?.namedReactions);
    const items = taken.map((d): InboundItem =>
      d.signal === "react"
        ? {
            kind: "message_reaction",
            account,
            participantExternalId: d.participant,
            messageExternalId: d.reactTo ?? "",
            action: "react",
            reaction: named ? "love" : null,
            emoji: "❤️",
            at: new Date(d.message.at),
            announce: named,
          }
        : {
            kind: "window_closed",
            account,
            placement: d.placement,
            participantExternalId: d.participant,
            at: new Date(d.message.at),
          },
    );
    return { value: { ...state, due: state.due.filter((d) => !mine(d)) }, result: items };
  });

// The simulated participant's answers to this chat, each handed over once.
const collectSandbox = (ctx: SandboxCtx, chat: ChatRef) =>
  storeOf(ctx).update(KEY, (current) => {
    const state = stateOf(current);
    const mine = (d: Due) =>
      d.signal === undefined && d.participant === chat.participantExternalId && d.placement === chat.placement;
    const taken = state.due.filter(mine);
    if (taken.length === 0) return { result: [] as InboundMessage[] };
    return {
      value: { ...state, due: state.due.filter((d) => !mine(d)) },
      result: taken.map((d) => simulated(d.message.externalId, d.message.body, new Date(d.message.at), d.message)),
    };
  });

// The simulated delivery and read statuses of our messages in this chat, each handed over once.
const collectStatuses = (ctx: SandboxCtx, chat: ChatRef) =>
  storeOf(ctx).update(KEY, (current) => {
    const state = stateOf(current);
    const mine = (d: DueStatus) => d.participant === chat.participantExternalId && d.placement === chat.placement;
    const taken = state.statuses.filter(mine);
    if (taken.length === 0) return { result: [] };
    return {
      value: { ...state, statuses: state.statuses.filter((d) => !mine(d)) },
      result: taken.map((d) => ({
        messageExternalId: d.messageExternalId,
        status: d.status,
        at: new Date(d.at),
        error: null,
        announce: false, // as the real network: message.delivered/read are emitted where reactions are named only
      })),
    };
  });

// The sandbox's messaging for a platform whose real connector is `real` (undefined: no direct messages).
export const sandboxMessaging = (
  platform: TPlatform,
  real: AnyConnector | undefined,
  checkAuth: (auth: ProfileAuth) => void,
): Messaging<{ app_url?: string }> | undefined => {
  const rules: (MessagingRules & Pick<Messaging<unknown>, "markRead">) | undefined = real?.messaging;
  if (!rules) return undefined;
  return {
    windowHours: rules.windowHours,
    participantWritesFirst: rules.participantWritesFirst,
    placementRequired: rules.placementRequired,
    participantId: rules.participantId,
    fields: rules.fields,
    check: rules.check,
    ...(rules.bypassesWindow && { bypassesWindow: rules.bypassesWindow }),
    ...(rules.privateReplies && { privateReplies: rules.privateReplies }),
    ...sandboxChatActions(real?.messaging, checkAuth),
    send: async (ctx, input) => {
      checkAuth(input.auth);
      await sandboxProfile(platform).messageTemplates?.check(ctx, input.request);
      return sendSandbox(ctx, input, rules.reportsStatuses ?? false);
    },
    findSent: async (ctx, input) => {
      checkAuth(input.auth);
      return findSentSandbox(ctx, input);
    },
    openChat: async (_ctx, input) => {
      checkAuth(input.auth);
      return [
        simulated(
          newSandboxId("sbx_msg"),
          `Hi! I am a simulated ${platform} user. Write to me and I will answer. (simulated participant)`,
        ),
      ];
    },
    ...(rules.markRead && {
      markRead: async (ctx: SandboxCtx, input: { auth: ProfileAuth }) => {
        checkAuth(input.auth);
        await networkDelay(ctx);
      },
    }),
    ...(rules.reportsStatuses && { reportsStatuses: true }),
    followUp: {
      delayMs: ANSWER_DELAY_MS,
      collect: async (ctx, input) => {
        checkAuth(input.auth);
        return collectSandbox(ctx, input);
      },
      statuses: async (ctx, input) => {
        checkAuth(input.auth);
        return collectStatuses(ctx, input);
      },
      collectSignals: async (ctx, input) => {
        checkAuth(input.auth);
        return collectSignalsSandbox(ctx, input, platform);
      },
    },
  };
};
