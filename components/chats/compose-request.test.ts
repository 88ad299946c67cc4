import { describe, expect, it } from "vitest";
import { composerMode, freeFormRequest, templateRequest } from "./compose-request";

// The composer offers what the chat allows, read from the composer capability and the window state.

const chat = (
  composer: Partial<{ fields: string[]; outside_window: string[]; participant_writes_first: boolean }>,
  within = true,
) => ({
  composer: { fields: ["body"], outside_window: [], participant_writes_first: false, ...composer },
  within_messaging_window: within,
  last_inbound_at: "2026-11-26T00:00:00Z",
});

describe("composerMode", () => {
  it("inside the window offers free-form text with the first kind of choices the network takes", () => {
    expect(composerMode(chat({ fields: ["body", "buttons", "quick_replies"] }))).toEqual({
      kind: "free_form",
      choices: "quick_replies",
    });
    expect(composerMode(chat({ fields: ["body"] }))).toEqual({ kind: "free_form", choices: null });
  });

  it("outside the window offers the template picker only where a template goes out outside it", () => {
    expect(composerMode(chat({ fields: ["body", "template"], outside_window: ["template"] }, false))).toEqual({
      kind: "outside_window",
      template: true,
      utility: false,
    });
    expect(composerMode(chat({ fields: ["body", "buttons"] }, false)).kind).toBe("closed");
  });

  it("is closed while a participant who must write first has not", () => {
    const c = { ...chat({ participant_writes_first: true }), last_inbound_at: null };
    expect(composerMode(c)).toEqual({ kind: "closed", reason: "The participant has to write first" });
  });
});

describe("send bodies", () => {
  it("turns choice titles into the field the network takes", () => {
    expect(freeFormRequest("Pick", ["Yes", "No"], "quick_replies").quick_replies).toEqual([
      { title: "Yes", payload: "yes_1" },
      { title: "No", payload: "no_2" },
    ]);
    expect(freeFormRequest("Pick", ["Yes"], "reply_markup").reply_markup).toEqual({
      inline_keyboard: [[{ text: "Yes", callback_data: "yes_1" }]],
    });
    const interactive = freeFormRequest("Pick", ["Yes"], "interactive");
    expect(interactive.body).toBeUndefined();
    expect(interactive.interactive).toMatchObject({ body: { text: "Pick" } });
    expect(freeFormRequest("Hi", [" "], "buttons")).toEqual({ body: "Hi" });
  });

  it("puts template variables in order in the body component", () => {
    expect(templateRequest("order_update", "en_US", ["Ada", "#42"])).toEqual({
      template: {
        name: "order_update",
        language: { code: "en_US" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ada" },
              { type: "text", text: "#42" },
            ],
          },
        ],
      },
    });
    expect(templateRequest("hello", "en", []).template).toEqual({ name: "hello", language: { code: "en" } });
  });
});
