import type { SandboxProfile } from "../sandbox/profile";
import { digits } from "../sandbox/simulated";
import { checkSandboxTemplate, sandboxTemplateSetup } from "./sandbox-templates";

// What the sandbox network simulates of WhatsApp (lib/networks/sandbox): one phone number, and message
// templates mirrored after connecting (sandbox-templates.ts).
export const whatsappSandbox: SandboxProfile = {
  messageTemplates: { setup: sandboxTemplateSetup, check: checkSandboxTemplate },
  placements: (account) => {
    const d = digits(account.id, 8);
    return [
      {
        externalId: `1${d}`,
        name: `+1 555 01${d.slice(-2)}`,
        metadata: {
          display_phone_number: `+1 555-01${d.slice(-2)}`,
          quality_rating: "GREEN",
          messaging_limit_tier: "TIER_1K",
          name_status: "APPROVED",
          status: "CONNECTED",
          platform_type: "CLOUD_API",
          is_official_business_account: false,
          throughput: { level: "STANDARD" },
        },
      },
    ];
  },
};
