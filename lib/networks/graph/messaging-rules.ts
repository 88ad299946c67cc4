import type { MessageRequest, MessagingRules } from "../types";

// The send rules Messenger (facebook) and Instagram messaging share (networks-and-messaging "Direct
// messages", networks.md "Send API"): text or one media attachment, quick replies (at most 13, the
// schema caps them), buttons (at most 3, not with media; the text then becomes a button template whose
// text is capped: instagram 80, facebook 220 characters), a `card` (a generic template: needs a body
// as its title). Instagram takes quick replies neither with media nor with buttons; facebook takes both.
// An attachment carries no text on the Send API: body with media is refused rather than split in two. Free-form messages only within 24 hours of the participant's last message; the
// HUMAN_AGENT tag stretches that on the network's side but is still checked here like any message.
const BODY_CAP = 1000; // the Send API's text limit (characters)

export const metaMessagingRules = ({
  bodyCapWithButtons,
  quickRepliesCombine,
  placementRequired,
  mediaLimits,
}: {
  bodyCapWithButtons: number;
  quickRepliesCombine: boolean;
  placementRequired: boolean; // facebook: the Page the chat runs on
  mediaLimits: MessagingRules["mediaLimits"];
}): MessagingRules => ({
  windowHours: 24,
  mediaLimits,
  // A private reply (Send API `recipient: {comment_id}`) reaches the commenter up to 7 days after the
  // comment, once per comment, window or not.
  privateReplies: { maxAgeDays: 7 },
  participantWritesFirst: false,
  placementRequired,
  participantId: (raw) => (/^\d{1,40}$/.test(raw.trim()) ? raw.trim() : null),
  fields: new Set<keyof MessageRequest>(["body", "media", "tag", "quick_replies", "buttons", "card"]),
  check: (request) => {
    const problems: string[] = [];
    const body = request.body ?? "";
    if (request.buttons && request.media) problems.push("buttons cannot be sent with media");
    if (request.buttons && body.length > bodyCapWithButtons)
      problems.push(`body: at most ${bodyCapWithButtons} characters with buttons`);
    if (request.buttons && !body.trim()) problems.push("buttons need a body (the text above them)");
    if (request.card && !body.trim()) problems.push("card needs a body (its title)");
    if (!quickRepliesCombine && request.quick_replies && request.media)
      problems.push("quick_replies cannot be sent with media");
    if (!quickRepliesCombine && request.quick_replies && request.buttons)
      problems.push("quick_replies cannot be sent with buttons");
    if (request.media && body.trim()) problems.push("media cannot carry a body: send the text as its own message");
    if (request.card && request.media) problems.push("card cannot be sent with media (use card.image_url)");
    for (const [i, button] of (request.buttons ?? []).entries()) {
      if (button.type === "web_url" && !button.url) problems.push(`buttons[${i}].url is required for a web_url button`);
      if (button.type === "postback" && !button.payload)
        problems.push(`buttons[${i}].payload is required for a postback button`);
    }
    if (body.length > BODY_CAP) problems.push(`body: at most ${BODY_CAP.toLocaleString("en")} characters`);
    return problems;
  },
});
