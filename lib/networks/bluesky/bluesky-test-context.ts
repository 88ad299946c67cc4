import { failureQueue, type FakeReply } from "@/testing/fakes/support";
import { NetworkError } from "../errors";
import type { ProfileAuth } from "../types";
import { noSleep } from "@/testing/publish-media";
import { ZBlueskySettings } from ".";
import type { Account } from "./test-network";

// The connector's side in the publish and stats tests: a ctx whose fetch goes to the real PDS, records
// every XRPC call (method and NSID), and can script what a call gets instead:
//   - fail(nsid, reply): the next call of nsid gets `reply` (the PDS never sees it);
//   - loseAnswer(nsid): the next call of nsid reaches the PDS and acts, then its answer is lost, the way
//     timedFetch reports a request sent without an answer (NetworkError outcome_unknown).

export const testContext = (pds: string) => {
  const calls: string[] = [];
  const failures = failureQueue<string>();
  const lost = new Set<string>();
  const fetchThrough = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const nsid = url.pathname.replace(/^\/xrpc\//, "");
    calls.push(`${init?.method ?? "GET"} ${nsid}`);
    const scripted = failures.take(nsid);
    if (scripted)
      return new Response(scripted.body === undefined ? null : JSON.stringify(scripted.body), {
        status: scripted.status,
        headers: { "content-type": "application/json", ...scripted.headers },
      });
    const res = await fetch(input, init);
    if (lost.delete(nsid)) {
      await res.arrayBuffer();
      throw new NetworkError("outcome_unknown", "No answer from the network: The operation was aborted due to timeout");
    }
    return res;
  }) as typeof fetch;
  return {
    ctx: { settings: ZBlueskySettings.parse({ service_url: pds }), fetch: fetchThrough, sleep: noSleep },
    calls,
    fail: (nsid: string, reply: FakeReply) => failures.push(nsid, reply),
    loseAnswer: (nsid: string) => void lost.add(nsid),
    // The calls made since `from` (an index into calls), e.g. to check a read-back wrote nothing.
    since: (from: number) => calls.slice(from),
  };
};

export const authOf = (account: Account, accessJwt = account.accessJwt): ProfileAuth => ({
  externalId: account.did,
  tokens: { accessToken: accessJwt },
  credentials: null,
  metadata: {},
});
