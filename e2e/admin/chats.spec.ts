import { expect, test, type Page } from "@playwright/test";
import { ensureSignedIn } from "../support/admin-session";
import { connectSandboxAccount, createSandboxGroup, sandboxRequest } from "../support/sandbox-profiles";
import { runScript } from "../support/tenant";

// The chat inbox in the admin, in Sandbox: chats with the simulated participants of a Telegram bot and
// a WhatsApp number (opened through the API; each participant writes first), one of them aged past the
// 24-hour window (e2e/support/chats-script.ts). Listed newest activity first with unread counts and the
// window state; filters by network and number; a send shows at once, becomes sent on the simulated
// network and the participant taps the button offered; mark read clears the unread count; archive moves
// the chat to the archived list; outside the window the composer is the template picker.

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const chatRow = (page: Page, id: string) => page.getByTestId(`chat-${id}`);

test("the chat inbox: newest first with unread counts, filters, send with live status, mark read, archive, templates outside the window", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await ensureSignedIn(page);
  await page.getByTestId("env-switch-sandbox").click();
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  const group = await createSandboxGroup(page, baseURL!, `Chats Brand ${suffix()}`);
  const whatsapp = await connectSandboxAccount(page, baseURL!, group.id, "whatsapp", "Chat Numbers");
  const number = whatsapp.placements[0]!.id;
  const api = sandboxRequest(page, baseURL!);
  const openChat = async (profileId: string, data: Record<string, string>) => {
    const res = await api.post(`/api/profiles/${profileId}/chats`, data);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const quiet = await openChat(whatsapp.id, {
    participant_external_id: "15550002222",
    participant_name: "Quiet Quinn",
    placement_id: number,
  });
  runScript("e2e/support/chats-script.ts", ["age", quiet, "30"]);
  const wendy = await openChat(whatsapp.id, {
    participant_external_id: "15550001111",
    participant_name: "Wendy WhatsApp",
    placement_id: number,
  });
  const tom = await openChat(group.telegram, { participant_external_id: "424242", participant_name: "Tom Telegram" });

  await page.goto("/chats");
  await expect(page.getByRole("heading", { level: 1, name: "Chats" })).toBeVisible();
  await page.getByLabel("Profile group").selectOption(group.id);
  const titles = page.getByTestId("chat-list").getByTestId("chat-title");
  const thread = page.getByTestId("chat-thread");

  await test.step("conversations across networks, newest activity first, with unread counts and the window state", async () => {
    await expect(titles).toHaveText(["Tom Telegram", "Wendy WhatsApp", "Quiet Quinn"]);
    for (const id of [tom, wendy, quiet])
      await expect(chatRow(page, id).getByTestId("chat-unread")).toHaveText("1 unread");
    await expect(chatRow(page, quiet).getByTestId("chat-window-closed")).toBeVisible();
    await expect(chatRow(page, wendy).getByTestId("chat-window-closed")).toHaveCount(0);
  });

  await test.step("filters by network and by number", async () => {
    await page.getByLabel("Network").selectOption("telegram");
    await expect(titles).toHaveText(["Tom Telegram"]);
    await page.getByLabel("Network").selectOption("");
    await page.getByLabel("Number").selectOption(number);
    await expect(titles).toHaveText(["Wendy WhatsApp", "Quiet Quinn"]);
    await page.getByLabel("Number").selectOption("");
    await expect(titles).toHaveCount(3);
  });

  await test.step("a send shows at once, becomes sent, and the participant taps the button offered", async () => {
    await chatRow(page, tom).click();
    await expect(thread.getByTestId("message-body").first()).toContainText("simulated telegram user");
    await expect(thread.getByTestId("template-picker")).toHaveCount(0);
    await thread.getByLabel("Message", { exact: true }).fill("Hello from the inbox");
    await thread.getByLabel(/^Buttons/).fill("Yes, No");
    await thread.getByRole("button", { name: "Send", exact: true }).click();
    const mine = thread.locator('[data-direction="outbound"]').filter({ hasText: "Hello from the inbox" });
    await expect(mine).toBeVisible({ timeout: 2_000 });
    await expect(mine.getByTestId("message-status")).toHaveAttribute("data-status", "published", { timeout: 30_000 });
    await expect(mine.getByTestId("message-status")).toHaveText("✓ Sent");
    await expect(thread.getByTestId("message-tap")).toHaveText("Tapped “Yes”", { timeout: 30_000 });
    await expect(chatRow(page, tom).getByTestId("chat-unread")).toHaveText("2 unread");
  });

  await test.step("mark read clears the unread count", async () => {
    await thread.getByRole("button", { name: "Mark read" }).click();
    await expect(chatRow(page, tom).getByTestId("chat-unread")).toHaveCount(0);
    const chat = (await (await api.get(`/api/chats/${tom}`)).json()) as { metadata: { read_at?: string } };
    expect(chat.metadata.read_at).toBeTruthy();
  });

  await test.step("inside the window a WhatsApp chat offers text with reply buttons, no template picker", async () => {
    await chatRow(page, wendy).click();
    await expect(thread.getByTestId("composer")).toBeVisible();
    await expect(thread.getByLabel(/^Reply buttons/)).toBeVisible();
    await expect(thread.getByTestId("template-picker")).toHaveCount(0);
  });

  await test.step("outside the window the composer is the template picker with variables (and a utility message), no free-form text", async () => {
    await chatRow(page, quiet).click();
    await expect(thread.getByTestId("thread-window")).toHaveText("Window closed");
    await expect(thread.getByTestId("composer")).toHaveCount(0);
    await expect(thread.getByTestId("composer-utility")).toBeVisible(); // category: utility, where the network takes it
    const picker = thread.getByTestId("template-picker");
    await picker.getByLabel("Template", { exact: true }).fill("order_update");
    await picker.getByRole("button", { name: "Add variable" }).click();
    await picker.getByLabel("Variable {{1}}").fill("Quinn");
    await picker.getByRole("button", { name: "Send template" }).click();
    const sent = thread.locator('[data-direction="outbound"]').filter({ hasText: "Template order_update" });
    await expect(sent.getByTestId("message-status")).toHaveAttribute("data-status", "published", { timeout: 30_000 });
    const messages = (await (await api.get(`/api/chats/${quiet}/messages?direction=outbound`)).json()) as {
      data: { template: { name: string; components: unknown[] } | null }[];
    };
    expect(messages.data[0]!.template).toMatchObject({
      name: "order_update",
      components: [{ type: "body", parameters: [{ type: "text", text: "Quinn" }] }],
    });
  });

  await test.step("archive moves the chat to the archived list", async () => {
    await chatRow(page, tom).click();
    await thread.getByRole("button", { name: "Archive", exact: true }).click();
    await expect(chatRow(page, tom)).toHaveCount(0);
    await page.getByLabel("Archived").selectOption("archived");
    await expect(titles).toHaveText(["Tom Telegram"]);
    expect(((await (await api.get(`/api/chats/${tom}`)).json()) as { archived: boolean }).archived).toBe(true);
  });
});
