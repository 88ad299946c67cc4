import type { SandboxProfile } from "../sandbox/profile";
import { digits, type SandboxAccount } from "../sandbox/simulated";

const channels = (account: SandboxAccount) => {
  const d = digits(account.id, 8);
  return [
    {
      externalId: `-100${d}`,
      name: `${account.name} Channel`,
      metadata: { type: "channel", username: `sandbox_${d}` },
    },
  ];
};

// What the sandbox network simulates of Telegram (lib/networks/sandbox): one channel; its profile stats
// are the channel's subscribers and names, as getChat and getChatMemberCount give them. Posts have no stats.
export const telegramSandbox: SandboxProfile = {
  placements: channels,
  profileStats: (s, { account, placement }) => {
    const channel = channels(account).find((p) => p.externalId === placement?.externalId);
    const username = channel?.metadata.username;
    return {
      followers_count: s.followers,
      channel_title: channel?.name ?? null,
      channel_username: typeof username === "string" ? username : null,
    };
  },
  connectNextStep: "Add the bot as an administrator of a channel; it then appears as a placement.",
};
