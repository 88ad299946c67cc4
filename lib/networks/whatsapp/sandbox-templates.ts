import type { MessageRequest, PlacementInfo, ProfileAuth } from "../types";
import { MESSAGE_TEMPLATES, type MirroredTemplate } from "./setup";
import type { SandboxCtx } from "../sandbox/publish";
import { sandboxError } from "../sandbox/simulated";

// Message templates on the sandbox network (the real connector mirrors templates after connecting:
// setup.ts). A sandbox profile's setup mirrors this simulated set into its connector store,
// as the real setup mirrors the account's; sending a template checks it like the network does: an
// unknown name or language fails the message (132001), a template not approved fails it too (132015
// for paused, 132000-style refusal otherwise), so both outcomes can be rehearsed with message.failed.

export const SANDBOX_TEMPLATES: MirroredTemplate[] = [
  {
    id: "sbx_tpl_hello_world",
    name: "hello_world",
    language: "en_US",
    status: "APPROVED",
    category: "UTILITY",
    components: [{ type: "BODY", text: "Hello World" }],
  },
  {
    id: "sbx_tpl_order_update",
    name: "order_update",
    language: "en_US",
    status: "APPROVED",
    category: "UTILITY",
    components: [{ type: "BODY", text: "Your order {{1}} is on its way" }],
  },
  {
    id: "sbx_tpl_summer_sale",
    name: "summer_sale",
    language: "en_US",
    status: "REJECTED",
    category: "MARKETING",
    components: [{ type: "BODY", text: "Everything 50% off!" }],
  },
];

export const sandboxTemplateSetup = (placements: (auth: ProfileAuth) => PlacementInfo[]) => ({
  setup: async (ctx: SandboxCtx, auth: ProfileAuth) => {
    await ctx.store?.set(MESSAGE_TEMPLATES, SANDBOX_TEMPLATES);
    return { placements: placements(auth) };
  },
  syncState: async (ctx: SandboxCtx) => {
    await ctx.store?.set(MESSAGE_TEMPLATES, SANDBOX_TEMPLATES);
  },
});

const languageOf = (value: string | { code: string }) => (typeof value === "string" ? value : value.code);

// A template send checked against the mirrored templates (none mirrored: nothing to check).
export const checkSandboxTemplate = async (ctx: SandboxCtx, request: MessageRequest) => {
  if (!request.template || !ctx.store) return;
  const mirrored = (await ctx.store.get(MESSAGE_TEMPLATES)) as MirroredTemplate[] | null;
  if (!mirrored) return;
  const { name } = request.template;
  const language = languageOf(request.template.language);
  const found = mirrored.find((t) => t.name === name && t.language === language);
  if (!found)
    throw sandboxError("rejected", "132001", `Template name does not exist in the translation (${name}, ${language})`);
  if (found.status !== "APPROVED")
    throw sandboxError("rejected", "132000", `Template ${name} is not approved (status ${found.status})`);
};
