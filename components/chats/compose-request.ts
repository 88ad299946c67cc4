import type { TInboxChat, TSendMessageBody } from "@/lib/schemas/messages";

// What the composer offers for a chat, and the send body it builds, from the network's composer
// capability (`fields` it takes, `outside_window` fields that go out when the window is closed) and the
// chat's window state: never from the network's name.

export type TComposerMode =
  | { kind: "free_form"; choices: "quick_replies" | "buttons" | "reply_markup" | "interactive" | null }
  | { kind: "outside_window"; template: boolean; utility: boolean }
  | { kind: "closed"; reason: string };

const CHOICE_FIELDS = ["quick_replies", "buttons", "reply_markup", "interactive"] as const;

export const composerMode = (chat: Pick<TInboxChat, "composer" | "within_messaging_window" | "last_inbound_at">) => {
  const { fields, outside_window, participant_writes_first } = chat.composer;
  if (fields.length === 0) return { kind: "closed", reason: "Messages cannot be sent on this network" } as const;
  if (participant_writes_first && !chat.last_inbound_at)
    return { kind: "closed", reason: "The participant has to write first" } as const;
  if (!chat.within_messaging_window) {
    const template = outside_window.includes("template");
    const utility = outside_window.includes("category");
    if (!template && !utility)
      return {
        kind: "closed",
        reason: "The messaging window is closed: free-form messages wait for the participant's next message",
      } as const;
    return { kind: "outside_window", template, utility } as const;
  }
  return { kind: "free_form", choices: CHOICE_FIELDS.find((f) => fields.includes(f)) ?? null } as const;
};

const slug = (title: string, i: number) => `${title.toLowerCase().replace(/[^a-z0-9]+/g, "_")}_${i + 1}`.slice(0, 200);

// A free-form send: the text, and the tappable choices the network takes (titles, one per choice).
export const freeFormRequest = (
  body: string,
  titles: string[],
  choices: Extract<TComposerMode, { kind: "free_form" }>["choices"],
): TSendMessageBody => {
  const list = titles.map((t) => t.trim()).filter(Boolean);
  if (list.length === 0 || !choices) return { body };
  if (choices === "quick_replies")
    return { body, quick_replies: list.map((title, i) => ({ title, payload: slug(title, i) })) };
  if (choices === "buttons")
    return { body, buttons: list.map((title, i) => ({ type: "postback", title, payload: slug(title, i) })) };
  if (choices === "reply_markup")
    return {
      body,
      reply_markup: { inline_keyboard: [list.map((text, i) => ({ text, callback_data: slug(text, i) }))] },
    };
  // One payload per call: the text travels inside the interactive message.
  return {
    interactive: {
      type: "button",
      body: { text: body },
      action: { buttons: list.map((title, i) => ({ type: "reply", reply: { id: slug(title, i), title } })) },
    },
  };
};

// A template send: its name and language, and its body variables ({{1}}, {{2}}, … in order).
export const templateRequest = (name: string, language: string, variables: string[]): TSendMessageBody => {
  const values = variables.map((v) => v.trim());
  return {
    template: {
      name: name.trim(),
      language: { code: language.trim() },
      ...(values.length > 0 && {
        components: [{ type: "body", parameters: values.map((text) => ({ type: "text", text })) }],
      }),
    },
  };
};

export const utilityRequest = (body: string): TSendMessageBody => ({ body, category: "utility" });
