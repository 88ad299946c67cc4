import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { lexicons } from "@atproto/api";
import { IdResolver } from "@atproto/identity";
import { verifyJwt } from "@atproto/xrpc-server";
import { failureQueue, readBody, send, type FakeReply } from "./support";

// Bluesky's chat service (api.bsky.chat) as the PDS reaches it: clients call chat.bsky.* on their PDS
// with `atproto-proxy: <did>#bsky_chat`; the PDS resolves the DID (here did:web:localhost%3A<port>, served
// at /.well-known/did.json) and forwards the call with a service-auth JWT signed by the user's key. The
// fake verifies that JWT against the user's DID document (aud = the fake's DID, lxm = the method), checks
// params and input against the chat.bsky lexicons shipped in @atproto/api (unknown params and fields are
// refused), keeps conversations, messages, reactions, mutes and a per-user log (getLog), and reads each
// recipient's chat.bsky.actor.declaration record from their repo on the PDS (allowIncoming none: refused).

type Profile = { did: string; handle: string };
type Reaction = { value: string; sender: { did: string }; createdAt: string };
type Message = {
  id: string;
  rev: string;
  text: string;
  sender: { did: string };
  sentAt: string;
  reactions: Reaction[];
};
type Convo = { id: string; members: string[]; messages: Message[]; muted: Set<string> };
type Log = { forDid: string; rev: string; entry: Record<string, unknown> };

const METHODS = new Set([
  "chat.bsky.convo.getConvoAvailability",
  "chat.bsky.convo.getConvoForMembers",
  "chat.bsky.convo.sendMessage",
  "chat.bsky.convo.getConvo",
  "chat.bsky.convo.getMessages",
  "chat.bsky.convo.getLog",
  "chat.bsky.convo.muteConvo",
  "chat.bsky.convo.unmuteConvo",
  "chat.bsky.convo.addReaction",
  "chat.bsky.convo.removeReaction",
]);

class XrpcFail extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

// Unknown keys at the top of params or input, and in the message input, are refused (the lexicon's own
// validation lets unknown object keys through).
const assertKnownKeys = (
  given: Record<string, unknown>,
  schema: { properties?: Record<string, unknown> },
  at: string,
) => {
  const unknown = Object.keys(given).filter((k) => !(k in (schema.properties ?? {})));
  if (unknown.length) throw new XrpcFail(400, "InvalidRequest", `${at}: unknown field(s) ${unknown.join(", ")}`);
};

export const startBlueskyChatFake = async ({ pds, plcUrl }: { pds: string; plcUrl: string }) => {
  const resolver = new IdResolver({ plcUrl });
  const convos = new Map<string, Convo>();
  const logs: Log[] = [];
  const calls: string[] = [];
  const failures = failureQueue<string>();
  const lost = new Set<string>();
  let seq = 0;
  const nextRev = () => `rev${String(++seq).padStart(10, "0")}`;
  let did = "";
  let url = "";

  const profileOf = async (member: string): Promise<Profile> => {
    const doc = await resolver.did.resolveAtprotoData(member).catch(() => null);
    if (!doc) throw new XrpcFail(400, "RecipientNotFound", `Recipient ${member} not found`);
    return { did: member, handle: doc.handle };
  };
  const allowIncoming = async (member: string) => {
    const res = await fetch(
      `${pds}/xrpc/com.atproto.repo.getRecord?${new URLSearchParams({ repo: member, collection: "chat.bsky.actor.declaration", rkey: "self" })}`,
    );
    if (!res.ok) return "all";
    const record = (await res.json()) as { value?: { allowIncoming?: string } };
    return record.value?.allowIncoming ?? "all";
  };
  const convoView = async (convo: Convo, viewer: string) => {
    const last = convo.messages.at(-1);
    return {
      id: convo.id,
      rev: last?.rev ?? "rev0000000000",
      members: await Promise.all(convo.members.map(profileOf)),
      muted: convo.muted.has(viewer),
      unreadCount: 0,
      ...(last && { lastMessage: { $type: "chat.bsky.convo.defs#messageView", ...messageView(last) } }),
    };
  };
  const messageView = (m: Message) => ({
    id: m.id,
    rev: m.rev,
    text: m.text,
    sender: m.sender,
    sentAt: m.sentAt,
    ...(m.reactions.length && { reactions: m.reactions }),
  });
  const convoOf = (id: unknown, viewer: string) => {
    const convo = convos.get(String(id));
    if (!convo || !convo.members.includes(viewer)) throw new XrpcFail(400, "InvalidConvo", "Convo not found");
    return convo;
  };
  const log = (convo: Convo, rev: string, type: string, fields: Record<string, unknown>) => {
    for (const member of convo.members)
      logs.push({
        forDid: member,
        rev,
        entry: { $type: `chat.bsky.convo.defs#${type}`, rev, convoId: convo.id, ...fields },
      });
  };
  const findOrCreate = async (viewer: string, members: string[]) => {
    const all = [...new Set([viewer, ...members])].sort();
    for (const c of convos.values()) if ([...c.members].sort().join() === all.join()) return c;
    for (const m of all) await profileOf(m);
    const convo: Convo = { id: randomBytes(8).toString("hex"), members: all, messages: [], muted: new Set() };
    convos.set(convo.id, convo);
    log(convo, nextRev(), "logBeginConvo", {});
    return convo;
  };
  const canChat = async (viewer: string, members: string[]) => {
    for (const m of members) if (m !== viewer && (await allowIncoming(m)) === "none") return false;
    return true;
  };

  const handlers: Record<
    string,
    (viewer: string, params: Record<string, unknown>, input: Record<string, unknown>) => Promise<unknown>
  > = {
    "chat.bsky.convo.getConvoAvailability": async (viewer, { members }) => {
      const list = members as string[];
      if (!(await canChat(viewer, list))) return { canChat: false };
      const all = [...new Set([viewer, ...list])].sort().join();
      const existing = [...convos.values()].find((c) => [...c.members].sort().join() === all);
      return { canChat: true, ...(existing && { convo: await convoView(existing, viewer) }) };
    },
    "chat.bsky.convo.getConvoForMembers": async (viewer, { members }) => {
      const list = members as string[];
      if (!(await canChat(viewer, list)))
        throw new XrpcFail(400, "MessagesDisabled", "recipient has disabled incoming messages");
      return { convo: await convoView(await findOrCreate(viewer, list), viewer) };
    },
    "chat.bsky.convo.sendMessage": async (viewer, _p, { convoId, message }) => {
      const convo = convoOf(convoId, viewer);
      const input = message as Record<string, unknown>;
      assertKnownKeys(input, lexicons.getDefOrThrow("chat.bsky.convo.defs#messageInput") as never, "message");
      if (!(await canChat(viewer, convo.members)))
        throw new XrpcFail(400, "InvalidRequest", "recipient has disabled incoming messages");
      const m: Message = {
        id: randomBytes(8).toString("hex"),
        rev: nextRev(),
        text: String(input.text),
        sender: { did: viewer },
        sentAt: new Date().toISOString(),
        reactions: [],
      };
      convo.messages.push(m);
      log(convo, m.rev, "logCreateMessage", {
        message: { $type: "chat.bsky.convo.defs#messageView", ...messageView(m) },
      });
      return messageView(m);
    },
    "chat.bsky.convo.getConvo": async (viewer, { convoId }) => ({
      convo: await convoView(convoOf(convoId, viewer), viewer),
    }),
    "chat.bsky.convo.getMessages": async (viewer, { convoId, limit }) => {
      const convo = convoOf(convoId, viewer);
      const newestFirst = [...convo.messages].reverse().slice(0, Number(limit ?? 50));
      return { messages: newestFirst.map((m) => ({ $type: "chat.bsky.convo.defs#messageView", ...messageView(m) })) };
    },
    "chat.bsky.convo.getLog": async (viewer, { cursor }) => {
      const mine = logs.filter((l) => l.forDid === viewer && (!cursor || l.rev > String(cursor)));
      const page = mine.slice(0, 100);
      return {
        logs: page.map((l) => l.entry),
        ...(page.length ? { cursor: page.at(-1)!.rev } : cursor ? { cursor } : {}),
      };
    },
    "chat.bsky.convo.muteConvo": async (viewer, _p, { convoId }) => {
      const convo = convoOf(convoId, viewer);
      convo.muted.add(viewer);
      const rev = nextRev();
      logs.push({ forDid: viewer, rev, entry: { $type: "chat.bsky.convo.defs#logMuteConvo", rev, convoId: convo.id } });
      return { convo: await convoView(convo, viewer) };
    },
    "chat.bsky.convo.unmuteConvo": async (viewer, _p, { convoId }) => {
      const convo = convoOf(convoId, viewer);
      convo.muted.delete(viewer);
      return { convo: await convoView(convo, viewer) };
    },
    "chat.bsky.convo.addReaction": async (viewer, _p, { convoId, messageId, value }) => {
      const convo = convoOf(convoId, viewer);
      const m = convo.messages.find((x) => x.id === messageId);
      if (!m) throw new XrpcFail(400, "InvalidRequest", "Message not found");
      if (!m.reactions.some((r) => r.sender.did === viewer && r.value === value)) {
        const reaction = { value: String(value), sender: { did: viewer }, createdAt: new Date().toISOString() };
        m.reactions.push(reaction);
        const rev = nextRev();
        log(convo, rev, "logAddReaction", {
          message: { $type: "chat.bsky.convo.defs#messageView", ...messageView(m) },
          reaction,
        });
      }
      return { message: messageView(m) };
    },
    "chat.bsky.convo.removeReaction": async (viewer, _p, { convoId, messageId, value }) => {
      const convo = convoOf(convoId, viewer);
      const m = convo.messages.find((x) => x.id === messageId);
      if (!m) throw new XrpcFail(400, "InvalidRequest", "Message not found");
      const reaction = m.reactions.find((r) => r.sender.did === viewer && r.value === value);
      if (reaction) {
        m.reactions = m.reactions.filter((r) => r !== reaction);
        log(convo, nextRev(), "logRemoveReaction", {
          message: { $type: "chat.bsky.convo.defs#messageView", ...messageView(m) },
          reaction,
        });
      }
      return { message: messageView(m) };
    },
  };

  const paramsOf = (nsid: string, search: URLSearchParams) => {
    const def = lexicons.getDefOrThrow(nsid) as { parameters?: { properties?: Record<string, { type: string }> } };
    const props = def.parameters?.properties ?? {};
    const params: Record<string, unknown> = {};
    for (const key of new Set(search.keys())) {
      const prop = props[key];
      if (!prop) throw new XrpcFail(400, "InvalidRequest", `Unknown query parameter ${key}`);
      const values = search.getAll(key);
      params[key] = prop.type === "array" ? values : prop.type === "integer" ? Number(values[0]) : values[0];
    }
    return params;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? "/", url);
    if (u.pathname === "/.well-known/did.json")
      return send(res, {
        status: 200,
        body: {
          "@context": ["https://www.w3.org/ns/did/v1"],
          id: did,
          service: [{ id: "#bsky_chat", type: "BskyChatService", serviceEndpoint: url }],
        },
      });
    const nsid = u.pathname.replace(/^\/xrpc\//, "");
    try {
      if (!METHODS.has(nsid)) throw new XrpcFail(501, "MethodNotImplemented", `${nsid} is not implemented`);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!bearer) throw new XrpcFail(401, "AuthMissing", "Service auth required");
      const claims = await verifyJwt(bearer, did, nsid, (iss, force) =>
        resolver.did.resolveAtprotoKey(iss, force),
      ).catch((err: Error) => {
        throw new XrpcFail(401, "BadJwt", err.message);
      });
      const viewer = claims.iss.split("#")[0]!;
      const def = lexicons.getDefOrThrow(nsid) as {
        type: string;
        input?: { schema: { properties?: Record<string, unknown> } };
      };
      if ((def.type === "query") !== (req.method === "GET")) throw new XrpcFail(405, "InvalidRequest", "Wrong method");
      const params = paramsOf(nsid, u.searchParams);
      lexicons.assertValidXrpcParams(nsid, params);
      let input: Record<string, unknown> = {};
      if (def.type === "procedure") {
        if (!String(req.headers["content-type"]).startsWith("application/json"))
          throw new XrpcFail(400, "InvalidRequest", "Wrong request encoding");
        input = JSON.parse(await readBody(req)) as Record<string, unknown>;
        assertKnownKeys(input, def.input!.schema, "input");
        lexicons.assertValidXrpcInput(nsid, input);
      }
      calls.push(`${nsid} ${viewer}${params.cursor ? ` cursor=${String(params.cursor)}` : ""}`);
      const scripted = failures.take(nsid);
      if (scripted) return send(res, scripted);
      const out = await handlers[nsid]!(viewer, params, input);
      lexicons.assertValidXrpcOutput(nsid, out);
      if (lost.delete(nsid)) {
        req.socket.destroy(); // acted, then the answer never arrives
        return;
      }
      return send(res, { status: 200, body: out });
    } catch (err) {
      if (err instanceof XrpcFail)
        return send(res, { status: err.status, body: { error: err.error, message: err.message } });
      return send(res, { status: 400, body: { error: "InvalidRequest", message: (err as Error).message } });
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://localhost:${port}`;
  did = `did:web:localhost%3A${port}`;

  return {
    did,
    url,
    calls,
    // The next call of nsid gets `reply` (the fake does not act).
    fail: (nsid: string, reply: FakeReply) => failures.push(nsid, reply),
    // The next call of nsid acts, then its connection is dropped before the answer.
    loseAnswer: (nsid: string) => void lost.add(nsid),
    convoOf: (a: string, b: string) =>
      [...convos.values()].find((c) => c.members.includes(a) && c.members.includes(b) && c.members.length === 2) ??
      null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type BlueskyChatFake = Awaited<ReturnType<typeof startBlueskyChatFake>>;
