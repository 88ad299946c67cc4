import type { AnyConnector, IceBreaker, Messaging, ProfileAuth } from "../types";
import { networkDelay, sandboxError, type SandboxCtx } from "./publish";

// The sandbox's chat actions, offered where the platform's real connector offers them and with its rules
// (which reactions it takes), so a sandbox key rehearses the same 405/422 answers: reactions, edits
// (#sandbox-fail in the new text is refused as the network would), typing indicators, ice breakers
// (kept in the profile's connector store). Each takes a realistic network delay.

type Actions = Pick<Messaging<{ app_url?: string }>, "react" | "edit" | "typing" | "iceBreakers">;
const ICE_KEY = "ice_breakers";

export const sandboxChatActions = (
  real: AnyConnector["messaging"],
  checkAuth: (auth: ProfileAuth) => void,
): Actions => {
  const delay = async (ctx: SandboxCtx, auth: ProfileAuth) => {
    checkAuth(auth);
    await networkDelay(ctx);
  };
  return {
    ...(real?.react && {
      react: { accepts: real.react.accepts, send: async (ctx, input) => delay(ctx, input.auth) },
    }),
    ...(real?.edit && {
      edit: async (ctx, input) => {
        await delay(ctx, input.auth);
        if (/#sandbox-fail\b/i.test(input.body))
          throw sandboxError("rejected", "SANDBOX_REJECTED", "The sandbox network refused this edit (#sandbox-fail)");
      },
    }),
    ...(real?.typing && {
      typing: {
        start: async (ctx, input) => delay(ctx, input.auth),
        ...(real.typing.stop && { stop: async (ctx, input) => delay(ctx, input.auth) }),
      },
    }),
    ...(real?.iceBreakers && {
      iceBreakers: {
        max: real.iceBreakers.max,
        list: async (ctx, auth) => {
          await delay(ctx, auth);
          return ((await ctx.store?.get(ICE_KEY)) as IceBreaker[] | null) ?? [];
        },
        replace: async (ctx, auth, items) => {
          await delay(ctx, auth);
          await ctx.store?.set(ICE_KEY, items);
        },
        clear: async (ctx, auth) => {
          await delay(ctx, auth);
          await ctx.store?.set(ICE_KEY, null);
        },
      },
    }),
  };
};
