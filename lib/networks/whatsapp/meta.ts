import { z } from "zod";
import { capabilities, type NetworkMeta } from "../meta-types";

// WhatsApp takes no posts (no postRules): its profiles are for direct messages.
export const whatsappMeta: NetworkMeta = {
  platform: "whatsapp",
  displayName: "WhatsApp",
  mark: { label: "W", className: "bg-[#25D366]" },
  capabilities: capabilities({
    placements: true,
    placementsRequired: true,
    announcesPlacementSync: true,
    messaging: true,
  }),
  connectForm: {
    method: "oauth",
    intro: "You will be sent to Meta to connect a WhatsApp Business account and its phone numbers.",
    fields: [
      {
        kind: "choice",
        name: "onboarding",
        label: "Phone number",
        options: [
          { value: "", label: "Let the user choose", hint: "Meta asks during sign-up." },
          {
            value: "business_app",
            label: "WhatsApp Business app",
            hint: "Keep using the app on the phone alongside the API.",
          },
          { value: "api", label: "Cloud API only", hint: "A number used only through the API." },
        ],
      },
    ],
    schema: z
      .record(z.string(), z.string())
      .pipe(z.object({ onboarding: z.enum(["", "business_app", "api"], { error: "Choose how to connect" }) })),
  },
};
