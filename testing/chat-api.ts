import * as archiveRoute from "@/app/api/chats/[id]/archive/route";
import * as markReadRoute from "@/app/api/chats/[id]/mark_read/route";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as chatRoute from "@/app/api/chats/[id]/route";
import * as messageRoute from "@/app/api/messages/[id]/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { callRoute } from "./call-route";

// The chat and message routes, called as an API client with `token` calls them (tests of messaging).
export const chatApi = {
  chats: (token: string, profileId: string) =>
    callRoute(profileChatsRoute.GET, { path: `/api/profiles/${profileId}/chats`, token, params: { id: profileId } }),
  createChat: (token: string, profileId: string, body: unknown) =>
    callRoute(profileChatsRoute.POST, {
      path: `/api/profiles/${profileId}/chats`,
      token,
      params: { id: profileId },
      body,
    }),
  chat: (token: string, id: string) => callRoute(chatRoute.GET, { path: `/api/chats/${id}`, token, params: { id } }),
  messages: (token: string, id: string, query = "") =>
    callRoute(chatMessagesRoute.GET, { path: `/api/chats/${id}/messages${query}`, token, params: { id } }),
  send: (token: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
    callRoute(chatMessagesRoute.POST, { path: `/api/chats/${id}/messages`, token, params: { id }, body, headers }),
  message: (token: string, id: string) =>
    callRoute(messageRoute.GET, { path: `/api/messages/${id}`, token, params: { id } }),
  markRead: (token: string, id: string) =>
    callRoute(markReadRoute.POST, { path: `/api/chats/${id}/mark_read`, token, params: { id } }),
  archive: (token: string, id: string) =>
    callRoute(archiveRoute.POST, { path: `/api/chats/${id}/archive`, token, params: { id } }),
  unarchive: (token: string, id: string) =>
    callRoute(archiveRoute.DELETE, { path: `/api/chats/${id}/archive`, token, params: { id } }),
};
