import type { EndpointDef } from "./define";
import * as apiKeys from "./api-keys";
import * as comments from "./comments";
import * as listings from "./listings";
import * as mentions from "./mentions";
import * as messages from "./messages";
import * as pages from "./pages";
import * as postQueues from "./post-queues";
import * as posts from "./posts";
import * as profileComments from "./profile-comments";
import * as profileGroups from "./profile-groups";
import * as profiles from "./profiles";
import * as stats from "./stats";
import * as system from "./system";
import * as webhooks from "./webhooks";

// Every contract of the API. Routes are built from these objects, and /api/openapi.json lists them;
// a test asserts that every route file under app/api serves a contract from this list.
export const ENDPOINTS: EndpointDef[] = [
  ...Object.values(profileGroups),
  ...Object.values(apiKeys),
  ...Object.values(profiles),
  ...Object.values(posts),
  ...Object.values(stats),
  ...Object.values(comments),
  ...Object.values(profileComments),
  ...Object.values(messages),
  ...Object.values(listings),
  ...Object.values(pages),
  ...Object.values(mentions),
  ...Object.values(postQueues),
  ...Object.values(webhooks),
  ...Object.values(system),
] as EndpointDef[];
