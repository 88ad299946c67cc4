import { digits, type SandboxAccount } from "../../sandbox/simulated";

// The sandbox account's pages (the simulated Graph answers them too: page.ts).
export const sandboxPages = (account: SandboxAccount) => {
  const d = digits(account.id, 8);
  return [1, 2].map((n) => ({
    externalId: `10${d}${n}`,
    name: `${account.name} Page ${n}`,
    metadata: { category: "Brand", username: `sandbox.page${n}.${d}`, fan_count: 100 * n },
  }));
};
