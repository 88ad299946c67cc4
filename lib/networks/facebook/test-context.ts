import { startGraphFake } from "@/testing/fakes/graph";
import { noSleep } from "@/testing/publish-media";
import { timedFetch } from "../http";
import { FACEBOOK_SCOPES } from ".";
import { ZFacebookSettings } from "./settings";

// The Graph fake with the Facebook app and one user managing `pages`, and the connector context pointed
// at it: what the publish, stats and delete tests share. The first page's token comes back ready.
export const startFacebookTestContext = async ({
  userId,
  pages,
}: {
  userId: string;
  pages: { id: string; name: string }[];
}) => {
  const fake = await startGraphFake();
  fake.addApp("facebook", "1000000000001", "fb-secret");
  fake.addFacebookUser({ id: userId, name: "Ada", pages: pages.map((p) => ({ ...p, category: "Brand" })) });
  const ctx = {
    settings: ZFacebookSettings.parse({
      client_id: "1000000000001",
      client_secret: "fb-secret",
      auth_url: fake.base("www.facebook.com"),
      graph_url: fake.base("graph.facebook.com"),
      video_url: fake.base("graph-video.facebook.com"),
      rupload_url: fake.base("rupload.facebook.com"),
    }),
    fetch: timedFetch(5_000),
    sleep: noSleep,
  };
  return { fake, ctx, pageToken: fake.pageToken(userId, pages[0]!.id, FACEBOOK_SCOPES) };
};
