import type { FakeRequest } from "./graph-oauth";
import { graphError, type Reply } from "./graph-state";

// Instagram's messenger_profile on the Graph fake (graph.instagram.com, Instagram API with Instagram
// Login): ice breakers, as Meta documents them. POST /{ig-id|me}/messenger_profile {platform: instagram,
// ice_breakers: [{call_to_actions: [{question, payload}] (1-4), locale}]} replaces them; GET
// ?fields=ice_breakers&platform=instagram answers {data: [{ice_breakers}]} ({data: []} when none);
// DELETE ?fields=["ice_breakers"]&platform=instagram removes them. Unknown parameters and keys, a
// platform other than instagram, more than 4 questions, questions over 80 characters are refused (100).

type Obj = Record<string, unknown>;
const invalid = (message: string) => graphError(400, { message: `(#100) ${message}`, code: 100 });
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const json = (v: string | undefined): unknown => {
  try {
    return v === undefined ? undefined : JSON.parse(v);
  } catch {
    return v;
  }
};
const AUTH = ["access_token", "appsecret_proof"];
const unknownParam = (params: Obj, allowed: string[]) => {
  const key = Object.keys(params).find((k) => !allowed.includes(k) && !AUTH.includes(k));
  return key ? invalid(`Param ${key} is not a valid parameter`) : null;
};

const checkIceBreakers = (value: unknown): Reply | null => {
  if (!Array.isArray(value) || value.length < 1) return invalid("ice_breakers must be a non-empty array");
  for (const [i, entry] of value.entries()) {
    if (!isObj(entry)) return invalid(`ice_breakers[${i}] must be an object`);
    const extra = Object.keys(entry).find((k) => k !== "call_to_actions" && k !== "locale");
    if (extra) return invalid(`Param ice_breakers[${i}][${extra}] is not a valid parameter`);
    const actions = entry.call_to_actions;
    if (!Array.isArray(actions) || actions.length < 1 || actions.length > 4)
      return invalid(`ice_breakers[${i}][call_to_actions] must have 1 to 4 items`);
    for (const [j, a] of actions.entries()) {
      if (!isObj(a)) return invalid(`call_to_actions[${j}] must be an object`);
      const bad = Object.keys(a).find((k) => k !== "question" && k !== "payload");
      if (bad) return invalid(`Param call_to_actions[${j}][${bad}] is not a valid parameter`);
      if (typeof a.question !== "string" || a.question.length < 1 || a.question.length > 80)
        return invalid(`call_to_actions[${j}][question] is required, at most 80 characters`);
      if (typeof a.payload !== "string" || a.payload.length < 1 || a.payload.length > 1000)
        return invalid(`call_to_actions[${j}][payload] is required, at most 1000 characters`);
    }
  }
  return null;
};

export const createMessengerProfiles = () => {
  const iceBreakers = new Map<string, unknown[]>(); // ig user id -> the ice_breakers value as set

  const handle = (account: string, req: FakeRequest): Reply => {
    if (req.method === "POST") {
      const bad = unknownParam(req.form, ["platform", "ice_breakers"]);
      if (bad) return bad;
      if (req.form.platform !== "instagram") return invalid("Param platform must be instagram");
      const value = json(req.form.ice_breakers);
      const problem = checkIceBreakers(value);
      if (problem) return problem;
      iceBreakers.set(account, value as unknown[]);
      return { status: 200, body: { result: "success" } };
    }
    const params = { ...req.query, ...req.form };
    const bad = unknownParam(params, ["platform", "fields"]);
    if (bad) return bad;
    if (params.platform !== "instagram") return invalid("Param platform must be instagram");
    if (req.method === "GET") {
      if (params.fields !== "ice_breakers") return invalid("Param fields must name ice_breakers");
      const value = iceBreakers.get(account);
      return { status: 200, body: { data: value ? [{ ice_breakers: value }] : [] } };
    }
    if (req.method === "DELETE") {
      const fields = json(params.fields);
      if (!Array.isArray(fields) || fields.length !== 1 || fields[0] !== "ice_breakers")
        return invalid('Param fields must be ["ice_breakers"]');
      iceBreakers.delete(account);
      return { status: 200, body: { result: "success" } };
    }
    return invalid("Unsupported method");
  };
  return { iceBreakers, handle };
};
