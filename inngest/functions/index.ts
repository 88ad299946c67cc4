import { collectStatsFn } from "./collect-stats";
import { commentActionFn, foldCommentTalliesFn, publishCommentFn, reconcileCommentsFn } from "./comments";
import { deliverWebhookFn } from "./deliver-webhook";
import { fanOutEventFn } from "./fan-out-event";
import { housekeeping } from "./housekeeping";
import { mediaHousekeepingFn } from "./media-housekeeping";
import {
  fillAuthorSignalsFn,
  firstPostCommentsPollFn,
  mirrorCommentAttachmentsFn,
  pollPostCommentsFn,
  pollProfileCommentsFn,
  syncProfileCommentsFn,
} from "./poll-comments";
import { pollMessagesFn } from "./poll-messages";
import { pollPlacementsFn } from "./poll-placements";
import { processInboundFn } from "./process-inbound";
import {
  deleteFromNetworkFn,
  dispatchDuePostsFn,
  dispatchPostFn,
  processPostMediaFn,
  publishChainFn,
} from "./publish-posts";
import { reconcilePostsFn } from "./reconcile-posts";
import { reconcileWebhooksFn } from "./reconcile-webhooks";
import { refreshConnectionsFn } from "./refresh-connections";
import { sendMessageFn } from "./send-message";
import { setupProfileFn } from "./setup-profile";

// Every Inngest function of the app: served at /api/inngest (server mode) and run by the local runner
// (local mode). Add new functions here.
export const functions = [
  housekeeping,
  mediaHousekeepingFn,
  fanOutEventFn,
  deliverWebhookFn,
  reconcileWebhooksFn,
  refreshConnectionsFn,
  pollPlacementsFn,
  setupProfileFn,
  processPostMediaFn,
  dispatchPostFn,
  dispatchDuePostsFn,
  publishChainFn,
  deleteFromNetworkFn,
  collectStatsFn,
  reconcilePostsFn,
  processInboundFn,
  pollPostCommentsFn,
  firstPostCommentsPollFn,
  mirrorCommentAttachmentsFn,
  fillAuthorSignalsFn,
  pollProfileCommentsFn,
  syncProfileCommentsFn,
  sendMessageFn,
  pollMessagesFn,
  publishCommentFn,
  commentActionFn,
  reconcileCommentsFn,
  foldCommentTalliesFn,
];
